/**
 * Where links in sent mail point: MAIL_PUBLIC_URL, else this site's own origin as the
 * environment gives it (the gateway's HOST and PORT; their defaults for a mailer of its own),
 * never the live site. Parsed as the mailer starts.
 */
import { describe, expect, it } from 'vitest';
import { mailerSettings } from './config.ts';

const parse = (environment: Record<string, string>) => mailerSettings.parse(environment);

describe('MAIL_PUBLIC_URL', () => {
  it("is this site's own origin when unset, never the live site", () => {
    expect(parse({}).MAIL_PUBLIC_URL).toBe('http://localhost:3000');
    expect(parse({ PORT: '8080' }).MAIL_PUBLIC_URL).toBe('http://localhost:8080');
    expect(parse({ HOST: '127.0.0.1', PORT: '3316' }).MAIL_PUBLIC_URL).toBe('http://127.0.0.1:3316');
    expect(parse({ HOST: '::', PORT: '3000' }).MAIL_PUBLIC_URL).toBe('http://localhost:3000');
    expect(parse({ HOST: '::1', PORT: '3000' }).MAIL_PUBLIC_URL).toBe('http://[::1]:3000');
  });

  it('takes the public origin when set, and refuses what is not a URL', () => {
    expect(parse({ MAIL_PUBLIC_URL: 'https://lakepowelllots.com', PORT: '8080' }).MAIL_PUBLIC_URL).toBe(
      'https://lakepowelllots.com',
    );
    expect(() => parse({ MAIL_PUBLIC_URL: 'lakepowelllots.com' })).toThrow(/MAIL_PUBLIC_URL: must be a URL/);
  });

  it("defaults a background mailer's links to the gateway's default origin, not the live site", () => {
    const base = { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://db/lots' };
    expect(parse(base).MAIL_PUBLIC_URL).toBe('http://localhost:3000');
    expect(parse({ ...base, MAIL_PUBLIC_URL: 'https://lakepowelllots.com' }).MAIL_PUBLIC_URL).toBe(
      'https://lakepowelllots.com',
    );
  });
});

describe('sending settings', () => {
  it('refuses a bad value by name', () => {
    expect(() => parse({ SMTP_URL: 'http://relay' })).toThrow(/SMTP_URL: must be smtp:\/\/ or smtps:\/\//);
    expect(() => parse({ MAIL_SMTP_POOL: '0' })).toThrow(/MAIL_SMTP_POOL/);
    expect(parse({ MAIL_SEND_RATE: '0' }).MAIL_SEND_RATE).toBe(0);
  });
});
