/**
 * Signed tokens of the links in a message: the open pixel, each tracked link and the
 * unsubscribe link. A token names its delivery (and link) and carries an HMAC-SHA256 over its
 * purpose and ids, so nobody can forge one for another recipient or another link. The mailer
 * signs them; the gateway and the mailer both read them (one key: see the tracking secret).
 *
 * A click link signs its target URL too (`/e/c/<token>?u=<url>`), so the gateway answers the
 * redirect from the link alone, without asking the mailer, and only to a URL the mailer signed:
 * no open redirect. Click tokens without a target (mail sent before) are read by the mailer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `watch-stop`: the stop link of a lot alert, naming the watch (it never expires, as an unsubscribe link). */
export type TokenKind = 'open' | 'click' | 'unsubscribe' | 'watch-stop';

const PREFIX: Record<TokenKind, string> = { open: 'o', click: 'c', unsubscribe: 'u', 'watch-stop': 's' };
/** The prefix of a lot watch's confirmation token, which signs its expiry too. */
const WATCH_CONFIRM = 'wc';
/** The prefix of a click token that signs its target: never equal to another kind's. */
const TARGETED_CLICK = 'k';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);

const genuine = (given: string, want: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The ids and signature of `<id>[.<id>].<signature>`, or null when malformed. */
function split(token: string, ids: number): { ids: string; signature: string } | null {
  const parts = token.split('.');
  if (parts.length !== ids + 1 || !parts.slice(0, -1).every((p) => /^\d{1,15}$/.test(p))) return null;
  return { ids: parts.slice(0, -1).join('.'), signature: parts.at(-1)! };
}

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
  const t = split(token, kind === 'click' ? 2 : 1);
  if (!t || !genuine(t.signature, sign(secret, `${PREFIX[kind]}:${t.ids}`))) return null;
  const [deliveryId, linkIdx] = t.ids.split('.').map(Number);
  return kind === 'click' ? { deliveryId: deliveryId!, linkIdx: linkIdx! } : { deliveryId: deliveryId! };
}

/** `<deliveryId>.<linkIdx>.<signature>`, the signature covering `url` as well. */
export function makeClickToken(secret: string, deliveryId: number, linkIdx: number, url: string): string {
  const ids = `${deliveryId}.${linkIdx}`;
  return `${ids}.${sign(secret, `${TARGETED_CLICK}:${ids}:${url}`)}`;
}

/** The ids of a genuine click token for exactly this target URL; null for anything else. */
export function readClickToken(
  secret: string,
  token: string,
  url: string,
): { deliveryId: number; linkIdx: number } | null {
  const t = split(token, 2);
  if (!t || !genuine(t.signature, sign(secret, `${TARGETED_CLICK}:${t.ids}:${url}`))) return null;
  const [deliveryId, linkIdx] = t.ids.split('.').map(Number);
  return { deliveryId: deliveryId!, linkIdx: linkIdx! };
}

/** `<watchId>.<expires, Unix seconds>.<signature>`: a lot watch's confirmation link, signed with its expiry. */
export function makeWatchConfirmToken(secret: string, watchId: number, expiresAt: Date): string {
  const ids = `${watchId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${ids}.${sign(secret, `${WATCH_CONFIRM}:${ids}`)}`;
}

/** The watch of a genuine confirmation token and whether it has expired at `now`; null for anything else. */
export function readWatchConfirmToken(
  secret: string,
  token: string,
  now = new Date(),
): { watchId: number; expired: boolean } | null {
  const t = split(token, 2);
  if (!t || !genuine(t.signature, sign(secret, `${WATCH_CONFIRM}:${t.ids}`))) return null;
  const [watchId, expires] = t.ids.split('.').map(Number);
  return { watchId: watchId!, expired: now.getTime() >= expires! * 1000 };
}
