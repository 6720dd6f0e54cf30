/** The mailer says at start where links in sent mail point, and warns in production when nobody outside could open them. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@lp/runtime';
import { logMailPublicUrl } from './log-mail-public-url.ts';

function logged(config: Parameters<typeof logMailPublicUrl>[1]) {
  const lines: { level: number; msg: string; mailPublicUrl: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  logMailPublicUrl(createLogger('mailer', 'info', sink), config);
  return lines;
}

describe('logMailPublicUrl', () => {
  it('logs one info line with the URL', () => {
    const lines = logged({ MAIL_PUBLIC_URL: 'http://localhost:3000', NODE_ENV: 'development' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, mailPublicUrl: 'http://localhost:3000' });
  });

  it('warns in production when links would point to a local address', () => {
    const [line] = logged({ MAIL_PUBLIC_URL: 'http://localhost:3000', NODE_ENV: 'production' });
    expect(line).toMatchObject({ level: 40, mailPublicUrl: 'http://localhost:3000' });
    expect(line!.msg).toContain('set MAIL_PUBLIC_URL');
    expect(logged({ MAIL_PUBLIC_URL: 'https://lakepowelllots.com', NODE_ENV: 'production' })[0]!.level).toBe(30);
  });
});
