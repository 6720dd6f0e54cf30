/**
 * A raw RFC 5322 message (the `raw` endpoint, SendGrid's "send raw" mode, the test helper)
 * parsed with mailparser: MIME structure, transfer encodings, encoded words and charsets
 * (Windows-1252, ISO-2022-JP and the rest through iconv-lite / encoding-japanese).
 */
import { simpleParser, type AddressObject } from 'mailparser';
import type { InboundMail, InboundSource } from '@lp/contracts';
import { finishInboundMail } from './finish-inbound-mail.ts';

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  !a ? '' : Array.isArray(a) ? a.map((x) => x.text).join(', ') : a.text;

export async function parseRawMime(raw: Buffer, source: InboundSource): Promise<InboundMail> {
  const mail = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const from = mail.from?.value[0];
  const headerBlock = mail.headerLines.map((h) => h.line).join('\r\n');
  return finishInboundMail({
    source,
    messageId: mail.messageId ?? null,
    from: mail.from?.text ?? '',
    fromName: from?.name ?? '',
    fromEmail: from?.address ?? '',
    to: addressText(mail.to),
    cc: addressText(mail.cc),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    date: mail.date ? mail.date.toISOString() : null,
    inReplyTo: mail.inReplyTo ?? null,
    references: mail.references ?? null,
    headers: headerBlock,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      contentId: a.contentId ?? null,
      data: a.content,
    })),
  });
}
