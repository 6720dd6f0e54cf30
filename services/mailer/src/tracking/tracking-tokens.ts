/**
 * Signed tokens of the links in a message: the open pixel, each tracked link and the
 * unsubscribe link. A token names its delivery (and link) and carries an HMAC-SHA256 over its
 * purpose and ids, so nobody can forge one for another recipient or another link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenKind = 'open' | 'click' | 'unsubscribe';

const PREFIX: Record<TokenKind, string> = { open: 'o', click: 'c', unsubscribe: 'u' };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);

/** `<deliveryId>[.<linkIdx>].<signature>` */
export function makeToken(secret: string, kind: TokenKind, deliveryId: number, linkIdx?: number): string {
  const ids = linkIdx === undefined ? `${deliveryId}` : `${deliveryId}.${linkIdx}`;
  return `${ids}.${sign(secret, `${PREFIX[kind]}:${ids}`)}`;
}

/** The ids of a genuine token of this kind; null for anything else. */
export function readToken(
  secret: string,
  kind: TokenKind,
  token: string,
): { deliveryId: number; linkIdx?: number } | null {
  const parts = token.split('.');
  const expected = kind === 'click' ? 3 : 2;
  if (parts.length !== expected || !parts.slice(0, -1).every((p) => /^\d{1,15}$/.test(p))) return null;
  const ids = parts.slice(0, -1).join('.');
  const given = Buffer.from(parts.at(-1)!);
  const want = Buffer.from(sign(secret, `${PREFIX[kind]}:${ids}`));
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  return kind === 'click'
    ? { deliveryId: Number(parts[0]), linkIdx: Number(parts[1]) }
    : { deliveryId: Number(parts[0]) };
}
