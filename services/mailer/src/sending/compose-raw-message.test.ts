import fc from 'fast-check';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { composeRawMessage } from './compose-raw-message.ts';
import type { RenderedMessage } from './render-message.ts';

// What every SMTP connection does to a message on the way (nodemailer's data stream, for both
// compositions alike): bare CR and bare LF become CRLF.
const onTheWire = (raw: Buffer | string) => Buffer.from(raw.toString('utf8').replace(/\r\n|\r|\n/g, '\r\n'), 'utf8');

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  [a ?? []].flat().flatMap((x) => x.value.map(({ name, address }) => ({ name, address })));

/** A header's value as written, unfolded (mailparser keeps List-* headers only in its own shape). */
const line = (p: ParsedMail, key: string) => {
  const found = p.headerLines.find((h) => h.key === key);
  return found?.line.replace(/\r\n[ \t]/g, ' ').replace(/^[^:]*:\s*/, '');
};

/** What a mail client reads from a message: the fields a recipient or a provider sees. */
function seen(p: ParsedMail) {
  return {
    from: addresses(p.from),
    to: addresses(p.to),
    subject: p.subject,
    messageId: p.messageId,
    date: p.date?.toISOString(),
    text: p.text,
    html: p.html,
    listUnsubscribe: line(p, 'list-unsubscribe'),
    listUnsubscribePost: line(p, 'list-unsubscribe-post'),
    smtpApi: line(p, 'x-smtpapi'),
    bcc: line(p, 'bcc'),
    attachments: p.attachments.length,
  };
}

async function bothWays(m: RenderedMessage) {
  const date = new Date('2026-11-24T06:30:00Z');
  const byNodemailer = await new MailComposer({ ...m, date }).compile().build();
  const composed = composeRawMessage(m, date);
  return {
    nodemailer: seen(await simpleParser(onTheWire(byNodemailer))),
    composed: seen(await simpleParser(onTheWire(composed.raw))),
    envelope: composed.envelope,
    raw: composed.raw.toString('utf8'),
  };
}

const message = (over: Partial<RenderedMessage> = {}): RenderedMessage => ({
  from: { name: 'Lake Powell Lots', address: 'news@lakepowelllots.com' },
  to: 'buyer@example.com',
  subject: 'Spring lots, Ann',
  html: '<!doctype html><html><body><h1>Spring lots</h1><p>Hi Ann, <a href="https://lakepowelllots.com/e/c/abc">see the lots</a></p></body></html>',
  text: 'Spring lots\n\nHi Ann, see the lots (https://lakepowelllots.com/lots)\n\n--\nUnsubscribe: https://lakepowelllots.com/unsubscribe/xyz\n',
  messageId: '<d12.c3@lakepowelllots.com>',
  headers: {
    'List-Unsubscribe': '<https://lakepowelllots.com/unsubscribe/eyJkIjoxMn0.0123456789abcdef0123456789abcdef>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'X-SMTPAPI': '{"unique_args":{"delivery_id":"12"}}',
  },
  ...over,
});

describe('composeRawMessage', () => {
  it('reads, field by field, like the message nodemailer composes from the same parts', async () => {
    const r = await bothWays(message());
    expect(r.composed).toEqual(r.nodemailer);
    expect(r.composed.subject).toBe('Spring lots, Ann');
    expect(r.composed.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    expect(r.envelope).toEqual({ from: 'news@lakepowelllots.com', to: ['buyer@example.com'] });
  });

  it('encodes names and subjects outside ASCII, long subjects and quoted names the same way', async () => {
    const r = await bothWays(
      message({
        from: { name: 'Lake "Powell", Lots & Homes', address: 'news@lakepowelllots.com' },
        subject: `Zoë, 湖の近くの新しい区画 🏡 — ${'a long subject that has to be folded '.repeat(5)}`,
        text: 'Zoë\nÑandú\n.\nline with trailing space \n',
      }),
    );
    expect(r.composed).toEqual(r.nodemailer);
    expect(r.composed.subject).toContain('Zoë, 湖の近くの新しい区画 🏡');
    expect(r.raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
  });

  it('keeps a merge value with line breaks inside its header: no header can be injected', async () => {
    const r = await bothWays(message({ subject: 'Hello Ann\r\nBcc: thief@example.com\nX-Evil: 1' }));
    expect(r.composed).toEqual(r.nodemailer);
    expect(r.composed.bcc).toBeUndefined();
    expect(r.composed.subject).toBe('Hello Ann Bcc: thief@example.com X-Evil: 1');
  });

  it('holds for any name, subject, HTML and text (property)', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ''),
          subject: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
          html: text,
          text: fc.array(fc.oneof(text, fc.constantFrom('.', '\n', '\r\n', ' ', '=', '--=_lp_', 'é'.repeat(80))), {
            maxLength: 12,
          }),
        }),
        async ({ name, subject, html, text: pieces }) => {
          const m = message({
            from: { name, address: 'news@lakepowelllots.com' },
            subject,
            html: `<html><body>${html}</body></html>`,
            text: `${pieces.join('')}\n--\nUnsubscribe: https://lakepowelllots.com/unsubscribe/xyz\n`,
          });
          const r = await bothWays(m);
          expect(r.composed).toEqual(r.nodemailer);
        },
      ),
      { numRuns: 150 },
    );
  });
});
