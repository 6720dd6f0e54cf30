/**
 * Postmark's inbound webhook: JSON with `FromFull {Email, Name}`, `ToFull[]`, `CcFull[]`,
 * `Subject`, `TextBody`, `HtmlBody`, `Headers[] {Name, Value}`, `Date`, `MessageID` (Postmark's
 * own id) and `Attachments[] {Name, Content (base64), ContentType, ContentID}`. The message's
 * own Message-ID header, when present, is the key; Postmark's id otherwise. A field not of that
 * shape is a 400 naming it.
 */
import * as v from 'valibot';
import { AppError } from '@lp/runtime';
import { finishInboundMail, headerOf, type ParsedMail } from './finish-inbound-mail.ts';
import { providerField } from './read-form-fields.ts';

const str = v.optional(v.nullable(v.string()), '');
const Person = v.object({ Email: str, Name: str });
const PostmarkInboundSchema = v.object({
  From: str,
  FromName: str,
  FromFull: v.optional(v.nullable(Person)),
  To: str,
  ToFull: v.optional(v.nullable(v.array(Person))),
  Cc: str,
  CcFull: v.optional(v.nullable(v.array(Person))),
  Subject: str,
  Date: str,
  MessageID: str,
  TextBody: str,
  HtmlBody: str,
  Headers: v.optional(v.nullable(v.array(v.object({ Name: v.string(), Value: v.string() }))), []),
  Attachments: v.optional(
    v.nullable(
      v.array(
        v.object({ Name: str, Content: str, ContentType: str, ContentID: str, ContentLength: v.optional(v.number()) }),
      ),
    ),
    [],
  ),
});

const people = (list: { Email: string | null; Name: string | null }[] | null | undefined, fallback: string | null) =>
  list && list.length > 0
    ? list.map((p) => (p.Name ? `${p.Name} <${p.Email ?? ''}>` : (p.Email ?? ''))).join(', ')
    : (fallback ?? '');

export function parsePostmark(body: Buffer, contentType: string): ParsedMail {
  if (!contentType.toLowerCase().startsWith('application/json'))
    throw new AppError(415, 'unsupported_media_type', 'Postmark posts application/json');
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError(400, 'bad_request', 'The request body is not valid JSON');
  }
  const p = providerField(PostmarkInboundSchema, json);
  if (!p.FromFull?.Email && !p.From)
    throw new AppError(400, 'bad_request', 'Not a Postmark inbound message: no sender');
  const headers: [string, string][] = (p.Headers ?? []).map((h) => [h.Name, h.Value]);
  return finishInboundMail({
    source: 'postmark',
    messageId: headerOf(headers, 'Message-ID') ?? (p.MessageID || null),
    from: p.From ?? '',
    ...(p.FromFull?.Email ? { fromEmail: p.FromFull.Email, fromName: p.FromFull.Name || p.FromName || '' } : {}),
    to: people(p.ToFull, p.To),
    cc: people(p.CcFull, p.Cc),
    subject: p.Subject ?? '',
    text: p.TextBody ?? '',
    html: p.HtmlBody ?? '',
    date: p.Date || headerOf(headers, 'Date'),
    inReplyTo: headerOf(headers, 'In-Reply-To'),
    references: headerOf(headers, 'References'),
    headers: headers.map(([n, val]) => `${n}: ${val}`).join('\r\n'),
    attachments: (p.Attachments ?? []).map((a) => ({
      filename: a.Name ?? '',
      contentType: a.ContentType ?? '',
      contentId: a.ContentID || null,
      data: Buffer.from(a.Content ?? '', 'base64'),
    })),
  });
}
