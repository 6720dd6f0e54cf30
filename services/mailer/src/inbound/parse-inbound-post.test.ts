/**
 * Each provider's post as its documentation shows it (fixtures/), and raw MIME with
 * attachments and non-UTF-8 charsets: what staff will read is decoded and complete.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { INBOUND_ATTACHMENT_MAX_BYTES } from '@lp/contracts';
import { parseAddress, type ParsedAttachment } from './finish-inbound-mail.ts';
import { parseInboundPost } from './parse-inbound-post.ts';
import { rawMessage } from '../../../../tests/support/raw-mail.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A kept attachment's bytes, read the way the inbox stores them. */
async function bytesOf(a: ParsedAttachment | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of a!.bytes!.read()) chunks.push(c);
  return Buffer.concat(chunks);
}

type Part = { name: string; value: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body as a provider writes one (field bytes kept as given). */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = 'xYzZY';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('inbound posts', () => {
  it('reads SendGrid Inbound Parse fields, each in the charset `charsets` names, with its attachments', async () => {
    const { body, contentType } = multipart([
      {
        name: 'headers',
        value:
          'Received: by mx0047p1mdw1.sendgrid.net with SMTP id 6WCVv7KAWn Wed, 27 Jul 2016 20:53:06 +0000 (UTC)\r\n' +
          'From: Example User <test@example.com>\r\nDate: Wed, 27 Jul 2016 14:53:06 -0600\r\n' +
          'Subject: Test Subject\r\nTo: inbound@inbound.example.com\r\n' +
          'Message-ID: <CAKbQVN=3xNs2ugZnbLYkmGuL2Tz8GtZSqm+ua-2jXa+C-b5-UQ@mail.gmail.com>\r\n' +
          'In-Reply-To: <campaign-7.contact-3@lakepowelllots.com>\r\n',
      },
      { name: 'dkim', value: '{@sendgrid.com : pass}' },
      { name: 'content-ids', value: '{"ii_1562e2169c132d83":"attachment1"}' },
      { name: 'to', value: 'inbound@inbound.example.com' },
      { name: 'html', value: iconv.encode('<html><body><strong>Café</strong> – hello</body></html>', 'iso-8859-1') },
      { name: 'from', value: 'Example User <test@example.com>' },
      { name: 'text', value: iconv.encode('Café façade\r\n', 'iso-8859-1') },
      { name: 'sender_ip', value: '209.85.223.193' },
      { name: 'envelope', value: '{"to":["inbound@inbound.example.com"],"from":"test@example.com"}' },
      { name: 'attachments', value: '1' },
      { name: 'subject', value: 'Test Subject' },
      {
        name: 'attachment-info',
        value:
          '{"attachment1":{"filename":"photo.png","name":"photo.png","type":"image/png","content-id":"ii_1562e2169c132d83"}}',
      },
      {
        name: 'charsets',
        value: '{"to":"UTF-8","html":"iso-8859-1","subject":"UTF-8","from":"UTF-8","text":"iso-8859-1"}',
      },
      { name: 'SPF', value: 'pass' },
      {
        name: 'attachment1',
        value: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
        filename: 'photo.png',
        type: 'image/png',
      },
    ]);
    const mail = await parseInboundPost('sendgrid', body, contentType);
    expect(mail).toMatchObject({
      source: 'sendgrid',
      messageId: 'CAKbQVN=3xNs2ugZnbLYkmGuL2Tz8GtZSqm+ua-2jXa+C-b5-UQ@mail.gmail.com',
      fromName: 'Example User',
      fromEmail: 'test@example.com',
      to: 'inbound@inbound.example.com',
      subject: 'Test Subject',
      text: 'Café façade\r\n',
      inReplyTo: 'campaign-7.contact-3@lakepowelllots.com',
      sentAt: '2016-07-27T20:53:06.000Z',
    });
    expect(mail.html).toContain('<strong>Café</strong>');
    expect(mail.attachments).toMatchObject([
      {
        filename: 'photo.png',
        contentType: 'image/png',
        contentId: 'ii_1562e2169c132d83',
        size: 7,
        skippedReason: null,
      },
    ]);
    expect(await bytesOf(mail.attachments[0])).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  });

  it("parses SendGrid's raw mode (`email` field) as MIME", async () => {
    const { body, contentType } = multipart([
      { name: 'email', value: fixture('raw-windows-1252.eml') },
      { name: 'to', value: 'info@lakepowelllots.com' },
      { name: 'from', value: 'maria@example.net' },
      { name: 'envelope', value: '{"to":["info@lakepowelllots.com"],"from":"maria@example.net"}' },
    ]);
    const mail = await parseInboundPost('sendgrid', body, contentType);
    expect(mail.messageId).toBe('cp1252-4711@mail.example.net');
    expect(mail.subject).toBe('Café lot – “view” question');
  });

  it('reads a Mailgun forward: urlencoded fields and message-headers', async () => {
    const mail = await parseInboundPost(
      'mailgun',
      fixture('mailgun-inbound.urlencoded'),
      'application/x-www-form-urlencoded',
    );
    expect(mail).toMatchObject({
      source: 'mailgun',
      messageId: '517ACC75.5010709@mailgun.net',
      fromName: 'Alice',
      fromEmail: 'alice@example.com',
      to: 'Bob <bob@sandbox.mailgun.org>',
      subject: 'Re: Sample POST request',
      inReplyTo: '517AC78B.5060404@mailgun.net',
      references: ['517AC78B.5060404@mailgun.net'],
      attachments: [],
    });
    expect(mail.text).toContain('Hi Bob, sending a message via mailgun POST request.');
    expect(mail.text).toContain('> Hi Alice,'); // body-plain, quoted reply kept
    expect(mail.html).toContain('<b>mailgun</b>');
  });

  it('reads Mailgun multipart posts with attachment-N files', async () => {
    const { body, contentType } = multipart([
      { name: 'sender', value: 'bob@example.com' },
      { name: 'from', value: 'Bob Buyer <bob@example.com>' },
      { name: 'recipient', value: 'info@lakepowelllots.com' },
      { name: 'subject', value: 'Signed offer' },
      { name: 'body-plain', value: 'Offer attached.' },
      { name: 'message-headers', value: JSON.stringify([['Message-Id', '<offer-1@example.com>']]) },
      { name: 'attachment-count', value: '1' },
      { name: 'attachment-1', value: Buffer.from('%PDF-1.4 offer'), filename: 'offer.pdf', type: 'application/pdf' },
    ]);
    const mail = await parseInboundPost('mailgun', body, contentType);
    expect(mail.messageId).toBe('offer-1@example.com');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['offer.pdf', 'application/pdf']]);
    expect((await bytesOf(mail.attachments[0])).toString()).toBe('%PDF-1.4 offer');
  });

  it("reads Postmark's inbound JSON with base64 attachments", async () => {
    const mail = await parseInboundPost('postmark', fixture('postmark-inbound.json'), 'application/json');
    expect(mail).toMatchObject({
      source: 'postmark',
      messageId: '73e6d360-66eb-11e1-8e72-a8904824019b',
      fromName: 'Postmarkapp Support',
      fromEmail: 'support@postmarkapp.com',
      to: 'Firstname Lastname <yourhash+SampleHash@inbound.postmarkapp.com>',
      subject: 'Test subject',
      text: 'This is a test text body.',
      sentAt: '2014-08-01T20:45:32.000Z',
    });
    expect(mail.attachments).toHaveLength(1);
    expect((await bytesOf(mail.attachments[0])).toString()).toBe('This is attachment contents, base-64 encoded.');
  });

  it('parses raw MIME: Windows-1252 text, encoded words, threading headers, attachments and an inline image', async () => {
    const mail = await parseInboundPost('raw', fixture('raw-windows-1252.eml'), 'message/rfc822');
    expect(mail.fromName).toBe('María Peña');
    expect(mail.subject).toBe('Café lot – “view” question');
    expect(mail.text).toContain(
      'Hola, is the lot by the café still for sale – the one with the “lake view”? It costs €',
    );
    expect(mail.inReplyTo).toBe('broadcast-42.7@lakepowelllots.com');
    expect(mail.references).toEqual(['broadcast-42.1@lakepowelllots.com', 'broadcast-42.7@lakepowelllots.com']);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.contentId, a.size])).toEqual([
      ['plat map.pdf', 'application/pdf', null, 82],
      ['lot.png', 'image/png', 'lot-photo@example.net', 70],
    ]);
  });

  it('parses raw MIME in ISO-2022-JP', async () => {
    const mail = await parseInboundPost('raw', fixture('raw-iso-2022-jp.eml'), 'message/rfc822');
    expect(mail.fromName).toBe('田中 太郎');
    expect(mail.subject).toBe('区画の見学について');
    expect(mail.text.trim()).toBe('こんにちは。レイクパウエルの区画を見学したいです。');
  });

  it('lists an attachment over the cap without keeping it, and makes a stable id when Message-ID is missing', async () => {
    const big = Buffer.alloc(INBOUND_ATTACHMENT_MAX_BYTES + 1, 1);
    const raw = Buffer.concat([
      Buffer.from(
        'From: a@example.com\r\nSubject: big\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nsee file\r\n--b\r\nContent-Type: application/octet-stream; name=big.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n',
      ),
      Buffer.from(big.toString('base64').replace(/.{76}/g, '$&\r\n')),
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const first = await parseInboundPost('raw', raw, 'message/rfc822');
    expect(first.attachments[0]).toMatchObject({
      filename: 'big.bin',
      size: big.length,
      bytes: null,
      skippedReason: 'too_large',
    });
    expect(first.messageId).toMatch(/@inbound\.invalid$/);
    expect((await parseInboundPost('raw', raw, 'message/rfc822')).messageId).toBe(first.messageId);
  });

  it('answers a provider field of the wrong type with a 400 naming it, never a 500', async () => {
    const sendgrid = (parts: Part[]) => {
      const { body, contentType } = multipart([{ name: 'from', value: 'a@example.com' }, ...parts]);
      return parseInboundPost('sendgrid', body, contentType);
    };
    const mailgun = (parts: Part[]) => {
      const { body, contentType } = multipart([{ name: 'from', value: 'a@example.com' }, ...parts]);
      return parseInboundPost('mailgun', body, contentType);
    };
    const file: Part = { name: 'attachment1', value: 'x', filename: 'a.txt', type: 'text/plain' };
    const cases: [Promise<unknown>, Record<string, unknown>][] = [
      [sendgrid([{ name: 'charsets', value: 'null' }]), { charsets: [expect.any(String)] }],
      [sendgrid([{ name: 'charsets', value: '{"text":7}' }]), { 'charsets.text': [expect.any(String)] }],
      [sendgrid([{ name: 'attachment-info', value: 'null' }, file]), { 'attachment-info': [expect.any(String)] }],
      [
        sendgrid([{ name: 'attachment-info', value: '{"attachment1":{"filename":42}}' }, file]),
        { 'attachment-info.attachment1.filename': [expect.any(String)] },
      ],
      [sendgrid([{ name: 'attachment-info', value: '{"attachment1":' }]), { 'attachment-info': ['Not valid JSON'] }],
      [mailgun([{ name: 'content-id-map', value: 'null' }]), { 'content-id-map': [expect.any(String)] }],
      [
        mailgun([{ name: 'message-headers', value: '{"To":"b@example.com"}' }]),
        { 'message-headers': [expect.any(String)] },
      ],
      [mailgun([{ name: 'message-headers', value: '[[1,"x"]]' }]), { 'message-headers.0.0': [expect.any(String)] }],
      [
        parseInboundPost(
          'postmark',
          Buffer.from(JSON.stringify({ From: 'a@example.com', Attachments: [{ Name: 42, Content: '' }] })),
          'application/json',
        ),
        { 'Attachments.0.Name': [expect.any(String)] },
      ],
    ];
    for (const [parsed, fields] of cases)
      await expect(parsed).rejects.toMatchObject({ status: 400, details: { fields } });
  });

  it('keeps a Postmark message whose text holds NUL or an unpaired surrogate, with those characters made storable', async () => {
    const mail = await parseInboundPost(
      'postmark',
      Buffer.from(
        JSON.stringify({
          From: 'a@example.com',
          Subject: 'x \ud800',
          TextBody: 'a\u0000b \udc00 🏠',
          Headers: [{ Name: 'In-Reply-To', Value: '<c7\u0000.\ud800@lakepowelllots.com>' }],
        }),
      ),
      'application/json',
    );
    expect(mail.subject).toBe('x \ufffd');
    expect(mail.text).toBe('ab \ufffd 🏠');
    expect(mail.inReplyTo).toBe('c7.\ufffd@lakepowelllots.com');
  });

  it('reads any From a sender wrote in linear time: 60,000 × "a@" from Postmark and from SendGrid', async () => {
    const from = 'a@'.repeat(60_000);
    // The old address pattern blocked the event loop about 7 s on each of these.
    const postmark = await parseInboundPost(
      'postmark',
      Buffer.from(JSON.stringify({ From: from, Subject: 'x', TextBody: 'x' })),
      'application/json',
    );
    expect(postmark.fromEmail).toBe(from.slice(0, 320));
    expect(postmark.fromName).toBe('');
    const { body, contentType } = multipart([
      { name: 'from', value: from },
      { name: 'to', value: 'inbound@inbound.example.com' },
      { name: 'subject', value: 'x' },
      { name: 'text', value: 'x' },
    ]);
    const sendgrid = await parseInboundPost('sendgrid', body, contentType);
    expect(sendgrid.fromEmail).toBe(from.slice(0, 320));
    const parens = await parseInboundPost(
      'postmark',
      Buffer.from(JSON.stringify({ From: `a@b${'('.repeat(60_000)}`, Subject: 'x' })),
      'application/json',
    );
    expect(parens.fromEmail).toBe(`a@b${'('.repeat(317)}`);
  }, 3_000);

  it('reads the address forms a From takes', () => {
    expect(parseAddress('"Jane Q. Buyer" <jane@example.com>')).toEqual({
      name: 'Jane Q. Buyer',
      email: 'jane@example.com',
    });
    expect(parseAddress('jane@example.com (Jane Buyer)')).toEqual({ name: 'Jane Buyer', email: 'jane@example.com' });
    expect(parseAddress('jane@example.com(Jane (the buyer))')).toEqual({
      name: 'Jane (the buyer)',
      email: 'jane@example.com',
    });
    expect(parseAddress(' jane@example.com ')).toEqual({ name: '', email: 'jane@example.com' });
  });

  it('parses a raw message as a stream: attachments go to the spool folder, byte-exact, and one over the cap is not written past it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-inbound-test-'));
    try {
      const photo = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
      const big = Buffer.alloc(INBOUND_ATTACHMENT_MAX_BYTES + 100_000, 2);
      const raw = rawMessage(
        { from: '"Big Sender" <big@example.com>', subject: 'photos', messageId: 'spooled-1@example.com' },
        'Two files.',
        [
          { name: 'photo.png', type: 'image/png', bytes: photo },
          { name: 'big.bin', type: 'application/octet-stream', bytes: big },
        ],
      );
      const mail = await parseInboundPost('raw', raw, 'message/rfc822', dir);
      expect(mail.text.trim()).toBe('Two files.');
      expect(mail.attachments.map((a) => [a.filename, a.size, a.skippedReason])).toEqual([
        ['photo.png', photo.length, null],
        ['big.bin', big.length, 'too_large'],
      ]);
      expect(await bytesOf(mail.attachments[0])).toEqual(photo);
      expect(readdirSync(dir).sort()).toEqual(['attachment-0', 'attachment-1']);
      expect(statSync(join(dir, 'attachment-1')).size).toBeLessThanOrEqual(INBOUND_ATTACHMENT_MAX_BYTES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses what is not the provider’s post', async () => {
    await expect(parseInboundPost('postmark', Buffer.from('{"nope":1}'), 'application/json')).rejects.toMatchObject({
      status: 400,
    });
    await expect(parseInboundPost('postmark', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({ status: 415 });
    await expect(
      parseInboundPost('sendgrid', Buffer.from('a=1'), 'application/x-www-form-urlencoded'),
    ).rejects.toMatchObject({
      status: 415,
    });
  });
});
