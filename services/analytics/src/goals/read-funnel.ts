/**
 * A funnel of 2 to 8 goals over a period, under the drill-down filters: a visit reaches step k
 * when it reached step k−1 and later in the same visit (a later hit) the goal of step k. Worked
 * out a day at a time (the period's last day an hour at a time) and kept (`analytics.funnel_days`,
 * queries/kept-days.ts' sortKeptSlices): the day's
 * matching visits are collected; their hits that match any step (page views by path, events by
 * name, within the visit's time) are read from the raw tables (kept
 * ANALYTICS_RAW_RETENTION_MONTHS; a kept day remembers what they said), bounded by the visits'
 * time so only their monthly partitions are read; then each step keeps the visits of the step before
 * with a later matching hit, and the first such hit (by time, a page view before an event of the
 * same instant, then as stored). A day keeps a sketch of each step's visitor ids; visitors are
 * the union over the period's days, each step at most the one before.
 */
import type { AnalyticsFilters, Funnel, Goal, SitePeriod } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { periodVisitors } from '../queries/filtered-days.ts';
import {
  bytesOf,
  dropReplacedSlices,
  inStaleSlicesSql,
  mergeSparseSketch,
  openKeptView,
  sketchesSql,
  sortKeptSlices,
  type SortedSlices,
} from '../queries/kept-days.ts';
import { pct } from '../queries/read-web-analytics.ts';
import { pageMatchSql } from '../queries/visit-filter-sql.ts';
import { emptySketch, estimateSketch } from '../visits/visitor-sketch.ts';
import { visitsOfDaysSql } from './visits-of-days.ts';
import { goalKeyOf } from './read-goal-report.ts';

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
    const visitors = await periodVisitors(trx, await openKeptView(trx, { filters }), filters, period);
    const view = await openKeptView(trx, { filters, funnel: goals.map(goalKeyOf) });
    const sorted = await sortKeptSlices(trx, 'funnel_days', view, period);
    await workOutFunnelDays(trx, view, goals, filters, sorted, period);
    const { rows } = await trx.raw<{ rows: { step_sketches: unknown }[] }>(
      'select step_sketches from analytics.funnel_days where kept_view = ? and day = any(?::date[])',
      [view, sorted.days],
    );
    const sketches = goals.map(() => emptySketch());
    for (const r of rows) {
      const sparse = bytesOf(r.step_sketches);
      sketches.forEach((sketch, step) => mergeSparseSketch(sketch, sparse, step));
    }
    // Each step's visitors are among the step before's (and the period's), whatever the sketches' noise.
    const reached: number[] = [];
    for (const sketch of sketches) reached.push(Math.min(estimateSketch(sketch), reached.at(-1) ?? visitors));
    const first = reached[0] ?? 0;
    return {
      ...period,
      filters,
      visitors,
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

/** Works out and keeps the funnel's stale days: each step's visitors' sketch per day. */
async function workOutFunnelDays(
  trx: Knex.Transaction,
  view: number,
  goals: readonly Goal[],
  filters: AnalyticsFilters,
  sorted: SortedSlices,
  period: SitePeriod,
): Promise<void> {
  if (sorted.stale.length === 0) return;
  const inSlices = inStaleSlicesSql(sorted, period);
  const visits = visitsOfDaysSql(
    {
      sql: `v.day, ${inSlices.slice.sql} as hour, v.session_id, v.started_at, v.last_at`,
      bindings: inSlices.slice.bindings,
    },
    inSlices,
    filters,
  );
  await dropReplacedSlices(trx, 'funnel_days', view, sorted);
  // Compiling a plan costs more here than it saves (as for the drill-down answer).
  await trx.raw('set local jit = off');
  // The steps are CTEs, whose sizes the planner cannot know (it guessed 1 row for step 2 of a
  // 30-day funnel on a million page views and nested the loops: 10.4 s); every join here is on
  // equal keys, so hash joins serve whatever the sizes.
  await trx.raw('set local enable_nestloop = off');
  await trx.raw(`set local work_mem = '64MB'`);
  const steps = goals.map((g) => stepSql(g, 'h'));
  const pages = goals.filter((g) => g.kind === 'page').map((g) => pageMatchSql('p.path', g.value));
  const events = goals.filter((g) => g.kind === 'event').map((g) => g.value);
  // Hits are bounded by the collected visits' first and last instants, so only those months'
  // partitions are read, and of them (BRIN on time) the blocks of those hours.
  const bounds = `between (select min(started_at) from funnel_visits) and (select max(last_at) from funnel_visits)`;
  const hitParts: { sql: string; bindings: string[] }[] = [];
  if (pages.length > 0)
    hitParts.push({
      sql: `select f.day, f.hour, f.session_id, f.started_at, p.occurred_at as at, 1 as kind, p.id, p.path as page, null::text as event
            from funnel_visits f join analytics.page_views p
              on p.session_id = f.session_id and p.occurred_at between f.started_at and f.last_at
            where p.occurred_at ${bounds} and (${pages.map((m) => m.sql).join(' or ')})`,
      bindings: pages.map((m) => m.binding),
    });
  if (events.length > 0)
    hitParts.push({
      sql: `select f.day, f.hour, f.session_id, f.started_at, e.occurred_at as at, 2 as kind, e.id, null::text as page, e.name as event
            from funnel_visits f join analytics.events e
              on e.session_id = f.session_id and e.occurred_at between f.started_at and f.last_at
            where e.occurred_at ${bounds} and e.name in (${events.map(() => '?').join(', ')})`,
      bindings: events,
    });
  // Hits in the order the visits are built in: by time, a page view before an event of the same
  // instant, then as stored. A step's hit comes after the step before's first in that order (a
  // form sent in the millisecond of the page view counts as after it; one hit is never two steps).
  // Each step's first such hit per visit: one sort (DISTINCT ON), where an array_agg per column sorted three times.
  const firstHit = `select distinct on (h.session_id, h.started_at) h.session_id, h.started_at, h.day, h.hour, h.at, h.kind, h.id`;
  const inOrder = 'order by h.session_id, h.started_at, h.at, h.kind, h.id';
  const stepCtes = steps.map((s, i) =>
    i === 0
      ? `s0 as (${firstHit} from hits h where ${s.sql} ${inOrder})`
      : `s${i} as (${firstHit} from hits h
           join s${i - 1} b on b.session_id = h.session_id and b.started_at = h.started_at
           where ${s.sql} and (h.at, h.kind, h.id) > (b.at, b.kind, b.id) ${inOrder})`,
  );
  const reachedSteps = steps.map((_, i) => `select day, hour, ${i} as step, session_id from s${i}`).join(' union all ');
  await trx.raw(
    `insert into analytics.funnel_days (kept_view, day, hour, version, step_sketches)
     with funnel_visits as materialized (${visits.sql}),
     hits as (${hitParts.map((p) => p.sql).join(' union all ')}), ${stepCtes.join(', ')}
     select ?, s.day, s.hour, s.version, coalesce(k.sketch, ''::bytea)
     from unnest(?::date[], ?::int[], ?::bigint[]) as s(day, hour, version)
     left join (${sketchesSql(`(${reachedSteps}) reached`, 'day, hour')}) k on k.day = s.day and k.hour = s.hour
     on conflict (kept_view, day, hour) do update set
       version = excluded.version, step_sketches = excluded.step_sketches`,
    [
      ...visits.bindings,
      ...hitParts.flatMap((p) => p.bindings),
      ...steps.map((s) => s.binding),
      view,
      sorted.stale.map((s) => s.day),
      sorted.stale.map((s) => s.hour),
      sorted.stale.map((s) => s.version),
    ],
  );
}
