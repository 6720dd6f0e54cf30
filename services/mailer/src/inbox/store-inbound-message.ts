/**
 * Stores a parsed inbound message in one transaction, once per message: its HTML sanitised,
 * the message listed with its attachments, then each kept attachment's bytes copied from its
 * temporary file (or memory) into `inbound_attachment_chunks` a piece at a time, so no file is
 * held whole on the way in. The same message posted again (a provider's retry, a second
 * recipient's copy) stores nothing (`id` null); a different message under a Message-ID already
 * stored is kept beside the first, since mailers reuse ids and forwarded copies differ.
 */
import { createHash } from 'node:crypto';
import type { InboundMail } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { AttachmentBytes, ParsedMail } from '../inbound/finish-inbound-mail.ts';
import { insertInboundAttachmentChunk, insertInboundMessage } from '../queries/insert-inbound-message.ts';
import { sanitizeInboundHtml } from './sanitize-inbound-html.ts';

/** Rows of an attachment's bytes: big enough to keep the rows few, small enough to hold one. */
const CHUNK_BYTES = 512 * 1024;

/** The bytes of `source` in pieces of exactly CHUNK_BYTES (the last one shorter). */
async function* chunksOf(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let filled = 0;
  for await (const piece of source)
    for (let at = 0; at < piece.length;) {
      const n = piece.copy(chunk, filled, at);
      filled += n;
      at += n;
      if (filled === CHUNK_BYTES) {
        yield chunk;
        chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        filled = 0;
      }
    }
  if (filled > 0) yield chunk.subarray(0, filled);
}

async function storeAttachmentBytes(trx: Knex.Transaction, attachmentId: number, bytes: AttachmentBytes) {
  let start = 0;
  for await (const chunk of chunksOf(bytes.read())) {
    await insertInboundAttachmentChunk(trx, attachmentId, start, chunk);
    start += chunk.length;
  }
  // A file that changed under us would be stored as something the listing does not describe.
  if (start !== bytes.size) throw new Error(`attachment ${attachmentId} read ${start} bytes, expected ${bytes.size}`);
}

/**
 * What makes two posts the same message: everything a reader sees of it (sender, recipients,
 * subject, date, both bodies, threading ids, each attachment's name, type, size and bytes),
 * not the provider's own headers (Received lines, spam scores), which differ per delivery.
 */
export function sameMessageKey(mail: ParsedMail): string {
  const seen = [
    mail.messageId,
    mail.fromName,
    mail.fromEmail,
    mail.to,
    mail.cc,
    mail.subject,
    mail.sentAt,
    mail.text,
    mail.html,
    mail.inReplyTo,
    mail.references,
    mail.attachments.map((a) => [a.filename, a.contentType, a.size, a.bytes?.sha256 ?? null]),
  ];
  return createHash('sha256').update(JSON.stringify(seen)).digest('hex');
}

export async function storeInboundMessage(knex: Knex, mail: ParsedMail): Promise<{ id: number | null }> {
  const { html, hasRemoteImages } = sanitizeInboundHtml(mail.html);
  const listed: InboundMail = { ...mail, attachments: mail.attachments.map(({ bytes: _bytes, ...a }) => a) };
  const mailKey = sameMessageKey(mail);
  return knex.transaction(async (trx) => {
    const { id, attachmentIds } = await insertInboundMessage(trx, listed, { mailKey, html, hasRemoteImages });
    if (id === null) return { id };
    for (const [position, attachment] of mail.attachments.entries())
      if (attachment.bytes) await storeAttachmentBytes(trx, attachmentIds[position]!, attachment.bytes);
    return { id };
  });
}
