/**
 * The last step of every provider's parser: one normalised message. Text loses NUL characters
 * and its unpaired surrogates become U+FFFD (PostgreSQL refuses both), the Message-ID loses its
 * angle brackets (a message without one gets a stable id made from its content, so a re-post is
 * still the same message), and attachments past the caps are listed with their size but not
 * kept. Attachments stay bytes, in memory or in a temporary file, until they are stored
 * (never base64 in between).
 */
import { createHash } from 'node:crypto';
import {
  INBOUND_ATTACHMENT_MAX_BYTES,
  INBOUND_ATTACHMENTS_MAX,
  INBOUND_ATTACHMENTS_TOTAL_MAX_BYTES,
  type InboundAttachment,
  type InboundMail,
  type InboundSource,
  toStorableText,
} from '@lp/contracts';

/** An attachment's bytes, read as often as needed: from memory or from a temporary file. */
export type AttachmentBytes = { size: number; sha256: string; read: () => AsyncIterable<Buffer> };

export const bytesInMemory = (data: Buffer): AttachmentBytes => ({
  size: data.length,
  sha256: createHash('sha256').update(data).digest('hex'),
  read: async function* () {
    yield data;
  },
});

export type RawAttachment = {
  filename: string;
  contentType: string;
  contentId: string | null;
  data: Buffer | AttachmentBytes;
};

/** A kept attachment has its bytes; one past a cap is listed with its size only. */
export type ParsedAttachment = InboundAttachment & { bytes: AttachmentBytes | null };
/** A normalised message as the mailer holds it until it is stored. */
export type ParsedMail = Omit<InboundMail, 'attachments'> & { attachments: ParsedAttachment[] };

export type MailDraft = {
  source: InboundSource;
  messageId: string | null;
  from: string;
  fromName?: string;
  fromEmail?: string;
  to: string;
  cc: string;
  subject: string;
  text: string;
  html: string;
  date: string | null;
  inReplyTo: string | null;
  references: string | string[] | null;
  headers: string;
  attachments: RawAttachment[];
};

const HEADERS_MAX_CHARS = 64 * 1024;

const clean = toStorableText;
const oneLine = (s: string) =>
  clean(s)
    .replace(/[\r\n\t]+/g, ' ')
    .trim();

/** `<a@b>` or `a@b` → `a@b`. */
export const bareMessageId = (id: string) => oneLine(id).replace(/^<|>$/g, '').trim();

/** Message-IDs in a References or In-Reply-To header, in order. */
export function messageIdsIn(value: string | string[] | null): string[] {
  if (!value) return [];
  const all = clean(Array.isArray(value) ? value.join(' ') : value);
  const ids = [...all.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]!);
  if (ids.length > 0) return ids;
  return all.split(/\s+/).map(bareMessageId).filter(Boolean);
}

/** `"Jane Q. Buyer" <jane@example.com>`, `jane@example.com (Jane)` or `jane@example.com`. */
export function parseAddress(value: string): { name: string; email: string } {
  const s = oneLine(value);
  const angle = /^(.*?)<([^<>]*)>\s*$/.exec(s);
  if (angle)
    return { name: angle[1]!.trim().replace(/^"|"$/g, '').replace(/\\(.)/g, '$1').trim(), email: angle[2]!.trim() };
  // Linear on whatever a sender wrote: the local part holds no '@' and the domain no '(', so
  // the engine has one way to split the address (two open `\S+` around '@' made it quadratic).
  const comment = /^([^\s@]+@[^\s(]+)\s*\((.*)\)$/.exec(s);
  if (comment) return { name: comment[2]!.trim(), email: comment[1]! };
  return { name: '', email: s };
}

function validDate(value: string | null): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) && t > 0 && t < Date.UTC(3000, 0, 1) ? new Date(t).toISOString() : null;
}

function keepWithinCaps(attachments: RawAttachment[]): ParsedAttachment[] {
  let total = 0;
  return attachments.map((a, i) => {
    const bytes = Buffer.isBuffer(a.data) ? bytesInMemory(a.data) : a.data;
    const size = bytes.size;
    let skippedReason: InboundAttachment['skippedReason'] = null;
    if (i >= INBOUND_ATTACHMENTS_MAX) skippedReason = 'too_many';
    else if (size > INBOUND_ATTACHMENT_MAX_BYTES || total + size > INBOUND_ATTACHMENTS_TOTAL_MAX_BYTES)
      skippedReason = 'too_large';
    if (!skippedReason) total += size;
    return {
      filename: oneLine(a.filename).slice(0, 255) || `attachment-${i + 1}`,
      contentType: oneLine(a.contentType).toLowerCase().slice(0, 255) || 'application/octet-stream',
      contentId: a.contentId ? bareMessageId(a.contentId).slice(0, 255) : null,
      size,
      skippedReason,
      bytes: skippedReason ? null : bytes,
    };
  });
}

export function finishInboundMail(d: MailDraft): ParsedMail {
  const parsed = parseAddress(d.from);
  const fromEmail = oneLine(d.fromEmail ?? parsed.email).slice(0, 320);
  const fromName = oneLine(d.fromName ?? parsed.name).slice(0, 998);
  const subject = oneLine(d.subject);
  const text = clean(d.text);
  const html = clean(d.html);
  const sentAt = validDate(d.date);
  const given = d.messageId ? bareMessageId(d.messageId).slice(0, 998) : '';
  // No Message-ID: the same content posted again is the same message.
  const messageId =
    given ||
    `${createHash('sha256')
      .update(JSON.stringify([fromEmail, subject, d.date, text, html]))
      .digest('hex')
      .slice(0, 40)}@inbound.invalid`;
  const inReplyTo = messageIdsIn(d.inReplyTo)[0] ?? null;
  return {
    source: d.source,
    messageId,
    fromName,
    fromEmail,
    to: oneLine(d.to),
    cc: oneLine(d.cc),
    subject,
    text,
    html,
    sentAt,
    inReplyTo: inReplyTo ? inReplyTo.slice(0, 998) : null,
    references: messageIdsIn(d.references)
      .slice(0, 100)
      .map((r) => r.slice(0, 998)),
    headers: clean(d.headers).slice(0, HEADERS_MAX_CHARS),
    attachments: keepWithinCaps(d.attachments),
  };
}

/** An RFC 5322 header block → `[name, value]` pairs (continuation lines unfolded). */
export function parseHeaderBlock(block: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of block.replace(/\r\n/g, '\n').split('\n')) {
    if (/^[ \t]/.test(line) && out.length > 0) out[out.length - 1]![1] += ` ${line.trim()}`;
    else {
      const i = line.indexOf(':');
      if (i > 0) out.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
    }
  }
  return out;
}

/** The first header of that name (case-insensitive), or null. */
export const headerOf = (headers: [string, string][], name: string): string | null =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? null;
