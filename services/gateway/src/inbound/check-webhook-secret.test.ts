/** The inbound webhooks' secret: `?secret=` or the basic-auth password; nothing passes without one configured. */
import { describe, expect, it } from 'vitest';
import { checkWebhookSecret } from './check-webhook-secret.ts';

const SECRET = 'a-long-webhook-secret';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('checkWebhookSecret', () => {
  it('accepts the secret as ?secret= or as the basic-auth password', () => {
    expect(checkWebhookSecret(SECRET, SECRET, '')).toBe(true);
    expect(checkWebhookSecret(SECRET, undefined, basic('inbound', SECRET))).toBe(true);
    expect(checkWebhookSecret(SECRET, 'wrong', basic('any', SECRET))).toBe(true);
  });

  it('refuses a wrong, missing or repeated secret, and everything when none is configured', () => {
    expect(checkWebhookSecret(SECRET, undefined, '')).toBe(false);
    expect(checkWebhookSecret(SECRET, 'a-long-webhook-secreT', '')).toBe(false);
    expect(checkWebhookSecret(SECRET, [SECRET, SECRET], '')).toBe(false);
    expect(checkWebhookSecret(SECRET, undefined, basic(SECRET, 'x'))).toBe(false);
    expect(checkWebhookSecret(undefined, '', '')).toBe(false);
    expect(checkWebhookSecret(undefined, 'anything', basic('a', 'anything'))).toBe(false);
  });
});
