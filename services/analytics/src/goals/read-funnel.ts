/**
 * A funnel of 2 to 8 goals over a period, under the drill-down filters: a visit reaches step k
 * when it reached step k−1 and later in the same visit (a later hit) the goal of step k. The
 * period's matching visits are collected once; their hits that match any step (page views by
 * path, events by name, within the visit's time) are read from the raw tables (kept
 * ANALYTICS_RAW_RETENTION_MONTHS), bounded by the period's days so only its monthly partitions
 * are read; then each step keeps the visits of the step before with a later matching hit, and
 * the first such hit (by time, a page view before an event of the same instant, then as stored).
 * Visitors are distinct visitor ids.
 */
import type { AnalyticsFilters, Funnel, Goal, SitePeriod } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { pct } from '../queries/read-web-analytics.ts';
import { pageMatchSql } from '../queries/visit-filter-sql.ts';
import { collectVisits } from './collect-visits.ts';

/** A hit `h` (with `page` or `event`) matching a goal, as SQL. */
function stepSql(goal: Goal, h: string): { sql: string; binding: string } {
  if (goal.kind === 'event') return { sql: `${h}.event = ?`, binding: goal.value };
  return pageMatchSql(`${h}.page`, goal.value);
}

export async function readFunnel(
  knex: Knex,
  goals: readonly Goal[],
  period: SitePeriod,
  filters: AnalyticsFilters,
): Promise<Funnel> {
  return knex.transaction(async (trx) => {
    await collectVisits(trx, 'funnel_visits', 'v.session_id, v.started_at, v.last_at', period, filters);
    // The steps are CTEs, whose sizes the planner cannot know (it guessed 1 row for step 2 of a
    // 30-day funnel on a million page views and nested the loops: 10.4 s); every join here is on
    // equal keys, so hash joins serve whatever the sizes.
    await trx.raw('set local enable_nestloop = off');
    const steps = goals.map((g) => stepSql(g, 'h'));
    const pages = goals.filter((g) => g.kind === 'page').map((g) => pageMatchSql('p.path', g.value));
    const events = goals.filter((g) => g.kind === 'event').map((g) => g.value);
    // Hits are bounded by the period's days with a day's margin either side (any time zone, and
    // visits that run past midnight), so only those months' partitions are read.
    const bounds = `between (?::date - 1)::timestamptz and (?::date + 2)::timestamptz`;
    const hitParts: { sql: string; bindings: string[] }[] = [];
    if (pages.length > 0)
      hitParts.push({
        sql: `select f.session_id, f.started_at, p.occurred_at as at, 1 as kind, p.id, p.path as page, null::text as event
              from funnel_visits f join analytics.page_views p
                on p.session_id = f.session_id and p.occurred_at between f.started_at and f.last_at
              where p.occurred_at ${bounds} and (${pages.map((m) => m.sql).join(' or ')})`,
        bindings: [period.from, period.to, ...pages.map((m) => m.binding)],
      });
    if (events.length > 0)
      hitParts.push({
        sql: `select f.session_id, f.started_at, e.occurred_at as at, 2 as kind, e.id, null::text as page, e.name as event
              from funnel_visits f join analytics.events e
                on e.session_id = f.session_id and e.occurred_at between f.started_at and f.last_at
              where e.occurred_at ${bounds} and e.name in (${events.map(() => '?').join(', ')})`,
        bindings: [period.from, period.to, ...events],
      });
    // Hits in the order the visits are built in: by time, a page view before an event of the same
    // instant, then as stored. A step's hit comes after the step before's first in that order (a
    // form sent in the millisecond of the page view counts as after it; one hit is never two steps).
    const firstHit = (col: string) => `(array_agg(h.${col} order by h.at, h.kind, h.id))[1] as ${col}`;
    const hitCols = `h.session_id, h.started_at, ${firstHit('at')}, ${firstHit('kind')}, ${firstHit('id')}`;
    const stepCtes = steps.map((s, i) =>
      i === 0
        ? `s0 as (select ${hitCols} from hits h where ${s.sql} group by 1, 2)`
        : `s${i} as (select ${hitCols} from hits h
             join s${i - 1} b on b.session_id = h.session_id and b.started_at = h.started_at
             where ${s.sql} and (h.at, h.kind, h.id) > (b.at, b.kind, b.id) group by 1, 2)`,
    );
    const { rows } = await trx.raw<{ rows: Record<string, number>[] }>(
      `with hits as (${hitParts.map((p) => p.sql).join(' union all ')}), ${stepCtes.join(', ')}
       select (select count(distinct session_id) from funnel_visits)::int as visitors,
              ${steps.map((_, i) => `(select count(distinct session_id) from s${i})::int as step${i}`).join(', ')}`,
      [...hitParts.flatMap((p) => p.bindings), ...steps.map((s) => s.binding)],
    );
    const row = rows[0] ?? {};
    const reached = goals.map((_, i) => row[`step${i}`] ?? 0);
    const first = reached[0] ?? 0;
    return {
      ...period,
      filters,
      visitors: row.visitors ?? 0,
      steps: goals.map((g, i) => ({
        goalId: g.id,
        name: g.name,
        kind: g.kind,
        value: g.value,
        visitors: reached[i]!,
        dropOff: i === 0 ? 0 : reached[i - 1]! - reached[i]!,
        conversionRate: i === 0 ? (first > 0 ? 100 : 0) : pct(reached[i]!, first),
      })),
    };
  });
}
