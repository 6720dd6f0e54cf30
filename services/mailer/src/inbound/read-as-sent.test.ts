/**
 * Real messages from public mail-parser corpora (fixtures/README.md names each source) that a
 * parser reads differently from the client their sender used: each is read as a mail client
 * shows it to staff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedAttachment } from './finish-inbound-mail.ts';
import { parseInboundPost } from './parse-inbound-post.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
/** A kept attachment's bytes, read the way the inbox stores them. */
async function bytesOf(a: ParsedAttachment | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of a!.bytes!.read()) chunks.push(c);
  return Buffer.concat(chunks);
}

const parseRaw = (name: string) => parseInboundPost('raw', fixture(name), 'message/rfc822');

describe('inbound mail read as the sender meant it', () => {
  it('leaves the sent time unknown when the Date cannot be read, and keeps the header as written', async () => {
    const mail = await parseRaw('mikel-mail-raw_email_with_bad_date.eml');
    expect(mail.sentAt).toBeNull();
    expect(mail.headers).toContain('Date: Pn, 29 paX 2007 21:13:00 +0100');
    expect(mail.fromEmail).toBe('subventive@vodtravel.com');
  });

  it('shows the first of two Subject headers, as a mail client does', async () => {
    const mail = await parseRaw('mikel-mail-raw_email_with_binary_encoded.eml');
    expect(mail.subject).toBe('Testing outlook');
    expect(mail.sentAt).toBe('2007-10-21T09:38:13.000Z');
    expect(mail.headers).toContain('Subject: Another PDF');
  });

  it('refuses an Outlook .msg and bytes with no header block with a 415 naming what they are', async () => {
    await expect(parseRaw('msgreader-test1.msg')).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('Outlook .msg'),
    });
    await expect(parseInboundPost('test', fixture('msgreader-test1.msg'), 'message/rfc822')).rejects.toMatchObject({
      status: 415,
    });
    // The providers' raw modes: SendGrid's `email` field, Mailgun's `body-mime`.
    const form = (name: string) =>
      Buffer.concat([
        Buffer.from(`--f1\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        fixture('msgreader-test1.msg'),
        Buffer.from('\r\n--f1--\r\n'),
      ]);
    for (const [provider, field] of [
      ['sendgrid', 'email'],
      ['mailgun', 'body-mime'],
    ] as const)
      await expect(
        parseInboundPost(provider, form(field), 'multipart/form-data; boundary=f1'),
        provider,
      ).rejects.toMatchObject({ status: 415, message: expect.stringContaining('Outlook .msg') });
    await expect(parseRaw('mikel-mail-test.pdf')).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('does not begin with a header block'),
    });
  });

  it('decodes a Q-encoded word holding raw 8-bit bytes by its declared charset (Eudora)', async () => {
    const mail = await parseRaw('zbateson-m2013.eml');
    expect(mail.subject).toBe('Die Hasen und die Frösche');
    expect(mail.to).toContain('Heinz Müller');
  });

  it('reads raw 8-bit Latin-1 header text as windows-1252, never as U+FFFD (Outlook 2000)', async () => {
    const mail = await parseRaw('zbateson-m0002.eml');
    expect(mail.subject).toBe('Die Hasen und die Frösche (Microsoft Outlook 00)');
    expect(mail.to).toContain('Jürgen Schmürgen');
    expect(mail.headers).toContain('Subject: Die Hasen und die Frösche (Microsoft Outlook 00)');
    expect(`${mail.subject}${mail.to}`).not.toContain('\uFFFD');
  });

  it('decodes x-uuencode parts into their files, byte-exact and named (Netscape 4.7)', async () => {
    const mail = await parseRaw('zbateson-m1014.eml');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['redball.png', 'image/png', 1453],
      ['greenball.png', 'image/png', 1298],
      ['blueball.png', 'image/png', 1325],
    ]);
    for (const a of mail.attachments) expect(await bytesOf(a)).toEqual(fixture(`zbateson-files-${a.filename}`));
    expect(mail.text).toContain('Slow but steady wins the race.');
    expect(mail.text).not.toContain('begin 644');
  });

  it('decodes a part sent as `uuencode` and names it from its 8-bit filename (Eudora)', async () => {
    const mail = await parseRaw('zbateson-m3007.eml');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['greenball.png', 'blueball.png', 'HasenundFrösche.txt']);
    expect(await bytesOf(mail.attachments[2])).toEqual(fixture('zbateson-files-HasenundFrosche.txt'));
  });

  it('takes uuencoded files out of a plain-text body: the text stays the message, the files are attachments (Outlook 2000)', async () => {
    const mail = await parseRaw('zbateson-m0018.eml');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['blueball.png', 'image/png'],
      ['greenball.png', 'image/png'],
      ['redball.png', 'image/png'],
    ]);
    for (const a of mail.attachments) expect(await bytesOf(a)).toEqual(fixture(`zbateson-files-${a.filename}`));
    expect(mail.text).not.toMatch(/^begin 666|^end$/m);
    expect(mail.text.replace(/\s+/g, ' ').trim()).toBe(
      fixture('zbateson-files-hareandtortoise.txt').toString('latin1').replace(/\s+/g, ' ').trim(),
    );
  });

  it('lists text files attached inline with a filename as attachments, the body staying the message (Netscape 4.7)', async () => {
    const mail = await parseRaw('zbateson-m1009.eml');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['blueball.png', 'image/png'],
      ['greenball.png', 'image/png'],
      ['hareandtoroise.txt', 'text/plain'],
    ]);
    expect(await bytesOf(mail.attachments[2])).toEqual(fixture('zbateson-files-hareandtortoise.txt'));
    expect(mail.text.match(/Slow but steady wins the race/g)).toHaveLength(1);

    const latin1 = await parseRaw('zbateson-m1015.eml');
    expect(latin1.attachments.map((a) => a.filename)).toEqual(['HasenundFrösche.txt']);
    expect(await bytesOf(latin1.attachments[0])).toEqual(fixture('zbateson-files-HasenundFrosche.txt'));
    expect(latin1.text).not.toContain('Hasen');
  });
});
