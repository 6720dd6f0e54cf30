/**
 * One slice (INBOX_SLICE_BYTES) of a message's plain or HTML body (its UTF-8 bytes) or of a
 * kept attachment; null when the message, or the attachment of that message, is not there. An
 * attachment's bytes are in its row (stored before framed uploads) or in pieces
 * (`inbound_attachment_chunks`), of which only those overlapping the slice are read.
 */
import type { Knex } from '@lp/runtime';
import { INBOX_SLICE_BYTES, type InboxContentSlice } from '@lp/contracts';

type SliceRow = { size: number; data: Buffer | null; filename?: string; content_type?: string; inline?: boolean };

export async function readInboundContent(
  knex: Knex,
  id: number,
  part: 'text' | 'html' | number,
  offset: number,
): Promise<InboxContentSlice | null> {
  const from = offset + 1;
  let row: SliceRow | undefined;
  if (part === 'text' || part === 'html') {
    const column = part === 'text' ? 'body_text' : 'body_html';
    row = await knex
      .withSchema('mailer')
      .table('inbound_messages')
      .where({ id })
      .first<SliceRow | undefined>(
        knex.raw(`octet_length(??) as size`, [column]),
        knex.raw(`substring(convert_to(??, 'UTF8') from ? for ?) as data`, [column, from, INBOX_SLICE_BYTES]),
      );
  } else {
    row = await knex
      .withSchema('mailer')
      .table('inbound_attachments')
      .where({ id: part, inbound_message_id: id })
      .whereNull('skipped_reason')
      .first<SliceRow | undefined>(
        'filename',
        'content_type',
        knex.raw('data is not null as inline'),
        knex.raw('coalesce(octet_length(data), size) as size'),
        knex.raw('substring(data from ? for ?) as data', [from, INBOX_SLICE_BYTES]),
      );
    if (row && !row.inline) row.data = await readChunkedSlice(knex, part, offset);
  }
  if (!row) return null;
  return {
    size: Number(row.size),
    offset,
    dataBase64: row.data ? Buffer.from(row.data).toString('base64') : '',
    ...(row.filename !== undefined ? { filename: row.filename } : {}),
    ...(row.content_type !== undefined ? { contentType: row.content_type } : {}),
  };
}

async function readChunkedSlice(knex: Knex, attachmentId: number, offset: number): Promise<Buffer> {
  const end = offset + INBOX_SLICE_BYTES;
  const pieces = await knex
    .withSchema('mailer')
    .table('inbound_attachment_chunks')
    .where({ attachment_id: attachmentId })
    .andWhere('start', '<', end)
    .andWhere(knex.raw('start + octet_length(data) > ?', [offset]))
    .orderBy('start')
    .select<{ start: number; data: Buffer }[]>('start', 'data');
  return Buffer.concat(
    pieces.map((p) => {
      const data = Buffer.from(p.data);
      return data.subarray(Math.max(0, offset - p.start), Math.max(0, end - p.start));
    }),
  );
}
