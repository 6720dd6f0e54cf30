/**
 * A message's plain or HTML body (its UTF-8 bytes) or a kept attachment, whole; null when the
 * message, or the attachment of that message, is not there. An attachment's bytes are in its
 * row (stored before framed uploads) or in pieces (`inbound_attachment_chunks`), joined in order.
 */
import type { Knex } from '@lp/runtime';

type ContentRow = { data: Uint8Array | null; filename?: string; content_type?: string; inline?: boolean };
export type InboundContent = { data: Buffer; filename?: string; contentType?: string };

export async function readInboundContent(
  knex: Knex,
  id: number,
  part: 'text' | 'html' | number,
): Promise<InboundContent | null> {
  let row: ContentRow | undefined;
  if (part === 'text' || part === 'html') {
    const column = part === 'text' ? 'body_text' : 'body_html';
    row = await knex
      .withSchema('mailer')
      .table('inbound_messages')
      .where({ id })
      .first<ContentRow | undefined>(knex.raw(`convert_to(??, 'UTF8') as data`, [column]));
  } else {
    row = await knex
      .withSchema('mailer')
      .table('inbound_attachments')
      .where({ id: part, inbound_message_id: id })
      .whereNull('skipped_reason')
      .first<ContentRow | undefined>('filename', 'content_type', knex.raw('data is not null as inline'), 'data');
    if (row && !row.inline) row.data = await readChunks(knex, part);
  }
  if (!row) return null;
  return {
    data: row.data ? Buffer.from(row.data) : Buffer.alloc(0),
    ...(row.filename !== undefined ? { filename: row.filename } : {}),
    ...(row.content_type !== undefined ? { contentType: row.content_type } : {}),
  };
}

async function readChunks(knex: Knex, attachmentId: number): Promise<Buffer> {
  const pieces = await knex
    .withSchema('mailer')
    .table('inbound_attachment_chunks')
    .where({ attachment_id: attachmentId })
    .orderBy('start')
    .pluck<Uint8Array[]>('data');
  return Buffer.concat(pieces);
}
