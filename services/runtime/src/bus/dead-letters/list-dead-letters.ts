/**
 * Dead letters, newest first, one page at a time (keyset on id: stable while new ones arrive).
 * Each payload is shown up to its first 16 KiB (`payloadBytes` tells the full size; a replay
 * always sends the whole stored payload), so a page of large batches stays a small answer.
 */
import type { Knex } from 'knex';
import { DEAD_LETTER_PAYLOAD_PREVIEW_BYTES, type DeadLetterPage } from '@lp/contracts';
import { busTable } from '../bus-rows.ts';
import { deadLetterFromRow, type DeadLetterRow } from './dead-letter-row.ts';

export async function listDeadLetters(knex: Knex, opts: { limit: number; cursor?: string }): Promise<DeadLetterPage> {
  const q = busTable(knex, 'dead_letters')
    .select<(DeadLetterRow & { payload_bytes: number })[]>(
      'id',
      'stream',
      'subject',
      'seq',
      'msg_id',
      'headers',
      knex.raw('substring(payload from 1 for ?) as payload', [DEAD_LETTER_PAYLOAD_PREVIEW_BYTES]),
      knex.raw('octet_length(payload) as payload_bytes'),
      'durable',
      'reason',
      'detail',
      'parked_at',
      'replayed_at',
      'replay_msg_id',
    )
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.cursor !== undefined) q.where('id', '<', opts.cursor);
  const rows = await q;
  const items = rows.slice(0, opts.limit).map(deadLetterFromRow);
  return { items, nextCursor: rows.length > opts.limit ? items[items.length - 1]!.id : null };
}
