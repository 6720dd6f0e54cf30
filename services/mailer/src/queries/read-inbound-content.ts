/**
 * One slice (INBOX_SLICE_BYTES) of a message's plain or HTML body (its UTF-8 bytes) or of a
 * kept attachment; null when the message, or the attachment of that message, is not there.
 */
import type { Knex } from '@lp/runtime';
import { INBOX_SLICE_BYTES, type InboxContentSlice } from '@lp/contracts';

type SliceRow = { size: number; data: Buffer | null; filename?: string; content_type?: string };

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
      .whereNotNull('data')
      .first<SliceRow | undefined>(
        'filename',
        'content_type',
        knex.raw('octet_length(data) as size'),
        knex.raw('substring(data from ? for ?) as data', [from, INBOX_SLICE_BYTES]),
      );
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
