/**
 * A raw RFC 5322 message (the `raw` endpoint, SendGrid's "send raw" mode, the test helper)
 * parsed with mailparser's streaming parser: MIME structure, transfer encodings, encoded words
 * and charsets (Windows-1252, ISO-2022-JP and the rest through iconv-lite / encoding-japanese).
 * Given a spool folder, each attachment is written there as it is decoded (hashed and counted on
 * the way, and no longer written once past INBOUND_ATTACHMENT_MAX_BYTES, since it will not be
 * kept), so a parse holds the message's text, not its files. Without one (a message that is
 * already a field in memory) attachments are kept in memory. What mailparser reads otherwise
 * than the sender's mail client would (8-bit headers, repeated headers, a bad Date, uuencoded
 * files, text files attached inline) is read as the client shows it.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import {
  MailParser,
  type AddressObject,
  type AttachmentStream,
  type HeaderLines,
  type Headers,
  type MessageText,
} from 'mailparser';
import { detectMimeType } from 'nodemailer/lib/mime-funcs/mime-types';
import { INBOUND_ATTACHMENT_MAX_BYTES, type InboundSource } from '@lp/contracts';
import { finishInboundMail, type AttachmentBytes, type ParsedMail, type RawAttachment } from './finish-inbound-mail.ts';
import { isUuencode, takeUuencodedFiles, UudecodeStream } from './uudecode.ts';

declare module 'mailparser' {
  interface MailParser {
    /** Turns a part's header lines into its header map (called for the message and each part). */
    processHeaders(lines: HeaderLines): Headers;
    /** Makes a part's node: whether it is body text or an attachment is decided here. */
    createNode(node: unknown): PartNode;
  }
}

/** The fields of mailparser's part node this parser reads or sets. */
type PartNode = { contentType?: string; isAttachment?: boolean; headers: Headers };

/**
 * Headers a message has once. Where a sender's client wrote one twice, a mail client shows the
 * first, so that is the one kept (mailparser would keep the last).
 */
const SHOWN_ONCE = new Set(['from', 'sender', 'reply-to', 'subject', 'date', 'message-id', 'in-reply-to']);

/** A header line's value, unfolded. */
const valueOf = (line: string) =>
  line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** A Q-encoded word: `=?charset?Q?text?=` (its text holds no space or '?'). */
const Q_ENCODED_WORD = /(=\?[^?\t\r\n ]+\?[Qq]\?)([^?\t\r\n ]*)(\?=)/g;

/**
 * windows-1252's characters for 0x80–0x9F; the five bytes it leaves undefined stay the C1
 * controls of the same number, as browsers read them, so no byte becomes U+FFFD (Node's
 * TextDecoder reads this label as plain latin1, iconv-lite gives U+FFFD for the five).
 */
const WINDOWS_1252_C1 = Array.from({ length: 32 }, (_, i) => {
  const c = iconv.decode(Buffer.from([0x80 + i]), 'windows-1252');
  return c === '\uFFFD' ? String.fromCharCode(0x80 + i) : c;
});

/** A header line's bytes (a latin1 string) as text: UTF-8 where they are that, else windows-1252. */
const headerText = (line: string) => {
  const bytes = Buffer.from(line, 'latin1');
  return isUtf8(bytes)
    ? bytes.toString('utf8')
    : line.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
};

/**
 * A header line (its bytes as a latin1 string, as mailparser holds it) that mailparser will read
 * as UTF-8. Raw 8-bit bytes that are not UTF-8 would each become U+FFFD there. Inside a Q-encoded
 * word (Eudora writes `Fr\xF6sche` where `Fr=F6sche` belongs) such a byte is escaped, so it is
 * decoded by the word's declared charset; elsewhere the text is what old clients wrote, Latin-1 or
 * its Windows superset, and is read as windows-1252 (which names every byte: no byte is lost).
 */
function eightBitReadable(line: string): string {
  if (!/[\x80-\xff]/.test(line) || isUtf8(Buffer.from(line, 'latin1'))) return line;
  const escaped = line.replace(
    Q_ENCODED_WORD,
    (_, open: string, text: string, close: string) =>
      open + text.replace(/[\x80-\xff]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase()}`) + close,
  );
  return Buffer.from(headerText(escaped), 'utf8').toString('latin1');
}

/**
 * mailparser read as the sender meant: 8-bit header bytes decoded as they were written, the
 * first of a repeated header, no Date at all where the Date cannot be read (mailparser puts the
 * time of receipt in its place, which would show a message as sent when it arrived), and text
 * files attached inline kept as files. The raw header block is left as it was written.
 */
class SenderFaithfulParser extends MailParser {
  override processHeaders(lines: HeaderLines): Headers {
    const seen = new Set<string>();
    const kept = lines.filter(({ key, line }) => {
      if (!SHOWN_ONCE.has(key)) return true;
      if (seen.has(key)) return false;
      seen.add(key);
      return key !== 'date' || !Number.isNaN(new Date(valueOf(line)).getTime());
    });
    return super.processHeaders(kept.map((h) => ({ key: h.key, line: eightBitReadable(h.line) })));
  }

  private bodySeen = false;

  /**
   * A text file attached `inline; filename=…` (Netscape, Apple Mail) is a file the sender
   * attached, not more of the message: mailparser would merge it into the body. The first text
   * part is the body whatever it is called, so a message is never left without one.
   */
  override createNode(node: unknown): PartNode {
    const part = super.createNode(node);
    if (part.isAttachment !== false || !part.contentType?.startsWith('text/')) return part;
    const disposition = part.headers.get('content-disposition');
    const named = typeof disposition === 'object' && 'params' in disposition && !!disposition.params.filename;
    if (named && this.bodySeen) part.isAttachment = true;
    this.bodySeen = true;
    return part;
  }
}

const addressText = (a: AddressObject | AddressObject[] | undefined) =>
  !a ? '' : Array.isArray(a) ? a.map((x) => x.text).join(', ') : a.text;

/** Reads an attachment's decoded bytes into `path` (or memory), hashing and counting them. */
async function keepAttachment(content: Readable, path: string | null): Promise<AttachmentBytes> {
  const hash = createHash('sha256');
  const held: Buffer[] = [];
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const room = INBOUND_ATTACHMENT_MAX_BYTES - size;
      size += chunk.length;
      if (room <= 0) return done();
      const kept = room < chunk.length ? chunk.subarray(0, room) : chunk;
      hash.update(kept);
      if (!path) held.push(kept);
      done(null, path ? kept : undefined);
    },
  });
  if (path) await pipeline(content, count, createWriteStream(path));
  else
    await pipeline(content, count, async (source: AsyncIterable<unknown>) => {
      for await (const _ of source);
    });
  const sha256 = hash.digest('hex');
  if (!path) {
    const data = Buffer.concat(held);
    return {
      size,
      sha256,
      read: async function* () {
        yield data;
      },
    };
  }
  return { size, sha256, read: () => createReadStream(path, { highWaterMark: 256 * 1024 }) };
}

export async function parseRawMime(
  raw: Buffer | Readable,
  source: InboundSource,
  spoolDir?: string,
): Promise<ParsedMail> {
  const parser = new SenderFaithfulParser({ keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
  let headers: Headers = new Map();
  let headerBlock = '';
  parser.once('headers', (h: Headers) => (headers = h));
  // Stored as written, its bytes read as UTF-8 where they are that, else as windows-1252.
  parser.once('headerLines', (lines: HeaderLines) => (headerBlock = lines.map((h) => headerText(h.line)).join('\r\n')));
  let text = '';
  let html = '';
  const attachments: RawAttachment[] = [];
  await pipeline(
    Buffer.isBuffer(raw) ? Readable.from([raw]) : raw,
    parser,
    async (parts: AsyncIterable<AttachmentStream | MessageText>) => {
      for await (const part of parts) {
        if (part.type === 'text') {
          text = part.text ?? '';
          html = typeof part.html === 'string' ? part.html : '';
          continue;
        }
        const path = spoolDir ? join(spoolDir, `attachment-${attachments.length}`) : null;
        // mailparser passes a uuencoded part on as its encoded text: it is decoded here.
        const uudecode = isUuencode(part.headers.get('content-transfer-encoding')) ? new UudecodeStream() : null;
        const content = part.content as Readable;
        const data = await keepAttachment(uudecode ? content.pipe(uudecode) : content, path);
        part.release();
        attachments.push({
          filename: part.filename || uudecode?.name || '',
          contentType: part.contentType,
          contentId: part.contentId ?? null,
          data,
        });
      }
    },
  );
  // Files uuencoded into the text itself become attachments; the body keeps the sender's words.
  const uuencoded = takeUuencodedFiles(text);
  text = uuencoded.text;
  for (const file of uuencoded.files)
    attachments.push({ filename: file.name, contentType: detectMimeType(file.name), contentId: null, data: file.data });
  const header = <T>(name: string) => headers.get(name) as T | undefined;
  const fromHeader = header<AddressObject>('from');
  const from = fromHeader?.value[0];
  const date = header<Date>('date');
  return finishInboundMail({
    source,
    messageId: header<string>('message-id') ?? null,
    from: fromHeader?.text ?? '',
    fromName: from?.name ?? '',
    fromEmail: from?.address ?? '',
    to: addressText(header<AddressObject | AddressObject[]>('to')),
    cc: addressText(header<AddressObject | AddressObject[]>('cc')),
    subject: header<string>('subject') ?? '',
    text,
    html,
    date: date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    inReplyTo: header<string>('in-reply-to') ?? null,
    references: header<string | string[]>('references') ?? null,
    headers: headerBlock,
    attachments,
  });
}
