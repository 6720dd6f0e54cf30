/**
 * Mailgun's forwarded message (a route's `forward()`): fields `sender`, `recipient`, `from`,
 * `subject`, `body-plain`, `body-html`, `stripped-text`, `message-headers` (JSON list of
 * `[name, value]`), `content-id-map` and the files `attachment-1..N`; urlencoded when there are
 * no files, multipart otherwise. Mailgun sends UTF-8. A `body-mime` field (a route ending in
 * `mime`) is parsed as the raw message. JSON fields not of that shape (null, wrong types) are a 400.
 */
import * as v from 'valibot';
import { AppError } from '@lp/runtime';
import { finishInboundMail, headerOf, type ParsedMail } from './finish-inbound-mail.ts';
import { parseRawMime } from './parse-raw-mime.ts';
import { refuseNonMime } from './refuse-non-mime.ts';
import { fieldJson, fieldText, readFormFields } from './read-form-fields.ts';

// `[name, value]` pairs; a value is text or, for structured headers, a list.
const MessageHeadersSchema = v.array(v.tuple([v.string(), v.unknown()]));
// `<content-id>` → the `attachment-N` field it names.
const ContentIdMapSchema = v.record(v.string(), v.string());

export async function parseMailgun(body: Buffer, contentType: string): Promise<ParsedMail> {
  const type = contentType.toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded'))
    throw new AppError(415, 'unsupported_media_type', 'Mailgun posts multipart/form-data or urlencoded forms');
  const { fields, files } = await readFormFields(body, contentType);
  const mime = fields.get('body-mime');
  if (mime !== undefined) {
    refuseNonMime(mime);
    return parseRawMime(mime, 'mailgun');
  }
  if (!fields.has('from') && !fields.has('sender'))
    throw new AppError(400, 'bad_request', 'Not a Mailgun message: no from or sender field');

  const field = (name: string) => fieldText(fields, name);
  // Structured headers (Content-Type with its parameters) come as lists; only text values are read.
  const pairs = fieldJson(fields, 'message-headers', MessageHeadersSchema, []);
  const headers = pairs.filter((p): p is [string, string] => typeof p[1] === 'string');
  const cidMap = fieldJson(fields, 'content-id-map', ContentIdMapSchema, {});
  const cidOf = Object.fromEntries(Object.entries(cidMap).map(([cid, name]) => [name, cid]));
  const attachments = files
    .filter((f) => /^attachment-\d+$/.test(f.field))
    .sort((a, b) => Number(a.field.slice(11)) - Number(b.field.slice(11)))
    .map((f) => ({ filename: f.filename, contentType: f.mimeType, contentId: cidOf[f.field] ?? null, data: f.data }));
  return finishInboundMail({
    source: 'mailgun',
    messageId: headerOf(headers, 'Message-Id'),
    from: field('from') || field('sender'),
    to: headerOf(headers, 'To') ?? field('recipient'),
    cc: headerOf(headers, 'Cc') ?? '',
    subject: field('subject'),
    // body-plain is the whole text; stripped-text (without quoted replies) only when it is missing.
    text: field('body-plain') || field('stripped-text'),
    html: field('body-html'),
    date: headerOf(headers, 'Date'),
    inReplyTo: headerOf(headers, 'In-Reply-To'),
    references: headerOf(headers, 'References'),
    headers: headers.map(([n, v]) => `${n}: ${v}`).join('\r\n'),
    attachments,
  });
}
