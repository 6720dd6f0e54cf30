/** Dead letters, newest first, one page at a time (keyset on id: stable while new ones arrive). */
import type { Knex } from 'knex';
import type { DeadLetterPage } from '@lp/contracts';
import { deadLetterFromRow, type DeadLetterRow } from './dead-letter-row.ts';

export async function listDeadLetters(knex: Knex, opts: { limit: number; cursor?: string }): Promise<DeadLetterPage> {
  const q = knex
    .withSchema('bus')
    .table('dead_letters')
    .select()
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.cursor !== undefined) q.where('id', '<', opts.cursor);
  const rows: DeadLetterRow[] = await q;
  const items = rows.slice(0, opts.limit).map(deadLetterFromRow);
  return { items, nextCursor: rows.length > opts.limit ? items[items.length - 1]!.id : null };
}
