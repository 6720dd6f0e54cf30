/**
 * Who is on the site now: the session ids with a page view or an event (engagement pings
 * included) at or after `since`, each on the path of its latest hit that names one. Both scans
 * are bounded by `occurred_at` (BRIN, and only the current month's partitions), so the answer
 * costs the last minutes' hits whatever the history.
 */
import { ANALYTICS_TOP_N, type LiveVisitors } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function readLiveVisitors(knex: Knex, since: Date, now: Date): Promise<LiveVisitors> {
  const { rows } = await knex.raw<{ rows: { path: string | null; visitors: string; total: string }[] }>(
    `with recent as (
       select session_id, path, occurred_at, 1 as kind, id from analytics.page_views where occurred_at >= ?
       union all
       select session_id, path, occurred_at, 2 as kind, id from analytics.events where occurred_at >= ?
     ),
     sessions as (
       select session_id,
              -- Two hits in the same millisecond (a quick click on): the one stored last.
              (array_agg(path order by occurred_at desc, kind, id desc) filter (where path is not null))[1] as path
         from recent
        group by session_id
     )
     select path, count(*) as visitors, sum(count(*)) over () as total
       from sessions
      group by path
      order by count(*) desc, path nulls last`,
    [since.toISOString(), since.toISOString()],
  );
  return {
    visitors: Number(rows[0]?.total ?? 0),
    pages: rows
      .filter((r): r is typeof r & { path: string } => r.path !== null)
      .slice(0, ANALYTICS_TOP_N)
      .map((r) => ({ path: r.path, visitors: Number(r.visitors) })),
    asOf: now.toISOString(),
  };
}
