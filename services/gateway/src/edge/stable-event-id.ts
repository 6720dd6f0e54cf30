/**
 * A stable UUID (version 5 layout) for an idempotency key, so the same key always makes the same
 * event id and the bus's de-duplication drops a retried post. `salt` keeps one form's keys apart
 * from another's; it never changes once used (that would change every key's id).
 */
import { createHash } from 'node:crypto';

export function stableEventId(salt: string, key: string): string {
  const h = createHash('sha256').update(`${salt}:${key}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
