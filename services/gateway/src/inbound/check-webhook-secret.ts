/**
 * The inbound webhooks' shared secret (`WEBHOOK_SECRET`), given as `?secret=` or as the
 * password of HTTP basic auth (any user name: SendGrid and Mailgun put credentials in the URL
 * they post to). Compared in constant time; with no secret configured nothing is accepted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export function checkWebhookSecret(expected: string | undefined, query: unknown, authorization: string): boolean {
  if (!expected) return false;
  const given: string[] = [];
  if (typeof query === 'string') given.push(query);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) given.push(decoded.slice(colon + 1));
  }
  const want = digest(expected);
  // Every candidate is compared, so the time taken does not say which one was close.
  return given.reduce((ok, g) => timingSafeEqual(digest(g), want) || ok, false);
}
