/** Opaque session tokens: 32 random bytes for the client, only their SHA-256 kept on the server. */
import { createHash, randomBytes } from 'node:crypto';

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
