/**
 * SendGrid Inbound Parse. Default mode: fields `headers` (the raw header block), `from`, `to`,
 * `cc`, `subject`, `text`, `html`, `charsets` (JSON: field → charset, each field decoded with
 * its own), `envelope`, `attachments` (a count), `attachment-info` (JSON keyed `attachmentN`:
 * filename, type, content-id) and the files `attachment1..N`. "Send raw" mode: the whole
 * message in the `email` field, parsed as MIME (its charsets come from the message itself).
 * `charsets` and `attachment-info` not of that shape (null, a number for a filename) are a 400.
 */
import * as v from 'valibot';
import { AppError } from '@lp/runtime';
import { finishInboundMail, headerOf, parseHeaderBlock, type ParsedMail } from './finish-inbound-mail.ts';
import { parseRawMime } from './parse-raw-mime.ts';
import { refuseNonMime } from './refuse-non-mime.ts';
import { fieldJson, fieldText, readFormFields } from './read-form-fields.ts';

// Field name → charset.
const CharsetsSchema = v.record(v.string(), v.string());
// `attachmentN` → what SendGrid knows of that file.
const AttachmentInfoSchema = v.record(
  v.string(),
  v.object({
    filename: v.optional(v.string()),
    name: v.optional(v.string()),
    type: v.optional(v.string()),
    'content-id': v.optional(v.string()),
  }),
);

export async function parseSendgrid(body: Buffer, contentType: string): Promise<ParsedMail> {
  if (!contentType.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError(415, 'unsupported_media_type', 'SendGrid Inbound Parse posts multipart/form-data');
  const { fields, files } = await readFormFields(body, contentType);
  const email = fields.get('email');
  if (email !== undefined) {
    refuseNonMime(email);
    return parseRawMime(email, 'sendgrid');
  }
  if (!fields.has('from') && !fields.has('headers'))
    throw new AppError(400, 'bad_request', 'Not a SendGrid Inbound Parse post: no from, headers or email field');

  const charsets = fieldJson(fields, 'charsets', CharsetsSchema, {});
  const field = (name: string) => fieldText(fields, name, charsets[name]);
  const headerBlock = field('headers');
  const headers = parseHeaderBlock(headerBlock);
  const info = fieldJson(fields, 'attachment-info', AttachmentInfoSchema, {});
  const attachments = files
    .filter((f) => /^attachment\d+$/.test(f.field))
    .sort((a, b) => Number(a.field.slice(10)) - Number(b.field.slice(10)))
    .map((f) => {
      const meta = info[f.field] ?? {};
      return {
        filename: meta.filename ?? meta.name ?? f.filename,
        contentType: meta.type ?? f.mimeType,
        contentId: meta['content-id'] ?? null,
        data: f.data,
      };
    });
  return finishInboundMail({
    source: 'sendgrid',
    messageId: headerOf(headers, 'Message-ID'),
    from: field('from') || (headerOf(headers, 'From') ?? ''),
    to: field('to') || (headerOf(headers, 'To') ?? ''),
    cc: field('cc') || (headerOf(headers, 'Cc') ?? ''),
    subject: field('subject'),
    text: field('text'),
    html: field('html'),
    date: headerOf(headers, 'Date'),
    inReplyTo: headerOf(headers, 'In-Reply-To'),
    references: headerOf(headers, 'References'),
    headers: headerBlock,
    attachments,
  });
}
