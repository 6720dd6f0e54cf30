/**
 * Notes the lots whose pages the page views stored now are of, per session (one row per session
 * and lot, whatever the number of views): what a segment's lot view conditions read
 * (read-lead-sessions.ts). In the batch's transaction, so it holds exactly what the page views do.
 */
import { lotNumberOfPath } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { InsertedPageView } from './insert-page-views.ts';

export async function insertSessionLots(knex: Knex, rows: readonly InsertedPageView[]): Promise<void> {
  const seen = new Map<string, { session_id: string; lot_number: number }>();
  for (const r of rows) {
    const lot = lotNumberOfPath(r.path);
    if (lot !== null) seen.set(`${lot} ${r.sessionId}`, { session_id: r.sessionId, lot_number: lot });
  }
  if (seen.size === 0) return;
  await knex.raw(
    `insert into analytics.session_lots (session_id, lot_number)
     select session_id, lot_number from json_populate_recordset(null::analytics.session_lots, ?::json)
     order by session_id, lot_number
     on conflict do nothing`,
    [JSON.stringify([...seen.values()])],
  );
}
