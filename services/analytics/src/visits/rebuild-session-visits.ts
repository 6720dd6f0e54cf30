/**
 * After a batch is stored: recomputes the visits of the batch's sessions around its hits from
 * the raw hits, replaces the old ones and returns both, so the caller can apply the difference
 * to the roll-ups. Works the same for hits in order, late hits, hits of the other stream that
 * arrived first and redelivered batches (which change nothing). Per session, the window is
 * the batch's hits widened to every stored visit that could join them: one that ends within 30
 * minutes before them, or starts within 60 minutes after them. Sixty, not thirty: a late page
 * view or interaction makes the engagement pings of the 30 minutes after it count, where they
 * were dropped before (no real hit within 30 minutes before them), and a kept ping can reach a
 * visit that starts up to 30 minutes after it. No other visit can be touched: a visit start has
 * no kept hit in the 30 minutes before it, and pings are only kept by a real hit before them.
 */
import { VISIT_GAP_MINUTES } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { sessionizeSql } from './sessionize-sql.ts';
import { toVisitRow, VISIT_COLUMNS, type VisitRow } from './visit-rows.ts';

const GAP_MS = VISIT_GAP_MINUTES * 60_000;

export type SessionHit = { sessionId: string; at: Date };

export async function rebuildSessionVisits(
  trx: Knex,
  hits: readonly SessionHit[],
  timeZone: string,
): Promise<{ before: VisitRow[]; after: VisitRow[] }> {
  const windows = new Map<string, { lo: number; hi: number }>();
  for (const h of hits) {
    const t = h.at.getTime();
    const w = windows.get(h.sessionId);
    if (!w) windows.set(h.sessionId, { lo: t, hi: t });
    else {
      w.lo = Math.min(w.lo, t);
      w.hi = Math.max(w.hi, t);
    }
  }
  if (windows.size === 0) return { before: [], after: [] };
  const asJson = () =>
    JSON.stringify(
      [...windows].map(([session_id, w]) => ({
        session_id,
        lo: new Date(w.lo).toISOString(),
        hi: new Date(w.hi).toISOString(),
      })),
    );

  const old = await trx.raw<{ rows: VisitRow[] }>(
    `select v.session_id, v.started_at, v.last_at, v.last_real_at, v.day::text as day, v.pageviews, v.interactions, v.entry_path, v.exit_path,
       v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign, v.utm_term, v.utm_content, v.device, v.browser, v.os, v.country, v.region, v.city, v.pages
     from analytics.visits v
     join json_to_recordset(?::json) as w(session_id text, lo timestamptz, hi timestamptz)
       on v.session_id = w.session_id
      and v.last_at >= w.lo - interval '${VISIT_GAP_MINUTES} minutes'
      and v.started_at <= w.hi + interval '${2 * VISIT_GAP_MINUTES} minutes'`,
    [asJson()],
  );
  const before = old.rows.map(toVisitRow);
  for (const v of before) {
    const w = windows.get(v.session_id);
    if (!w) continue;
    w.lo = Math.min(w.lo, v.started_at.getTime());
    w.hi = Math.max(w.hi, v.last_at.getTime());
  }
  // The window ends at the last affected hit; pings up to 30 minutes after it belong too.
  for (const w of windows.values()) w.hi += GAP_MS;

  const win = `join json_to_recordset(?::json) as w(session_id text, lo timestamptz, hi timestamptz)
    on X.session_id = w.session_id and X.occurred_at between w.lo and w.hi`;
  const json = asJson();
  const { sql, bindings } = sessionizeSql({
    pageViews: win.replaceAll('X.', 'p.'),
    events: win.replaceAll('X.', 'e.'),
    bindings: [json, json],
    timeZone,
  });
  const fresh = await trx.raw<{ rows: VisitRow[] }>(sql, bindings);
  const after = fresh.rows.map(toVisitRow);

  if (before.length > 0) {
    await trx.raw(
      `delete from analytics.visits v using json_to_recordset(?::json) as o(session_id text, started_at timestamptz)
       where v.session_id = o.session_id and v.started_at = o.started_at`,
      [JSON.stringify(before.map((v) => ({ session_id: v.session_id, started_at: v.started_at.toISOString() })))],
    );
  }
  if (after.length > 0) {
    await trx.raw(
      `insert into analytics.visits (${VISIT_COLUMNS})
       select ${VISIT_COLUMNS} from json_populate_recordset(null::analytics.visits, ?::json)`,
      [JSON.stringify(after)],
    );
  }
  return { before, after };
}
