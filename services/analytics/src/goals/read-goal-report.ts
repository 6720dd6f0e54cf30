/**
 * Each goal's conversions over a period, under the drill-down filters, from the stored visits,
 * a day at a time (the period's last day an hour at a time) and kept (`analytics.goal_days`,
 * queries/kept-days.ts' sortKeptSlices): a visit converts when
 * it reached the goal — a page goal by the visit's own pages (`visits.pages`), an event goal by an
 * event of that name within the visit's time in the raw events (kept
 * ANALYTICS_RAW_RETENTION_MONTHS; a kept day remembers what they said). Each goal's day keeps
 * visits and conversions by source and a sketch of its converting visitors. The rate is
 * converting visitors per 100 visitors of the period (Plausible's definition: the roll-ups'
 * without filters, the filtered days' under them, filtered-days.ts); a source's rate is its
 * converting visits per 100 of its visits.
 * Distinct visitors are the union of the days' sketches.
 */
import { GOAL_SOURCES_TOP_N, type AnalyticsFilters, type Goal, type GoalReport, type SitePeriod } from '@lp/contracts';
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
  unionOfSlices,
  type SortedSlices,
} from '../queries/kept-days.ts';
import { pct } from '../queries/read-web-analytics.ts';
import { pageViewedSql } from '../queries/visit-filter-sql.ts';
import { DIMENSION_SQL } from '../visits/refresh-rollups.ts';
import { emptySketch, estimateSketch } from '../visits/visitor-sketch.ts';
import { visitsOfDaysSql as visitsOfDays } from './visits-of-days.ts';

/**
 * A goal reached within visit `f` of the CTE `goal_visits` (with session_id, started_at, last_at,
 * pages), as SQL: a page goal by the visit's own pages, an event goal by an event of that name
 * within the visit's time — a semi-join the planner hashes (today's events against today's
 * visits), bounded by the visits' own time so only their months' partitions are read; tested
 * visit by visit, the event index was probed once per visit (41,000 probes for a busy day).
 */
export function goalReachedSql(goal: Pick<Goal, 'kind' | 'value'>, f: string): { sql: string; binding: string } {
  if (goal.kind === 'page') return pageViewedSql(f, goal.value);
  return {
    sql: `exists (select 1 from analytics.events e where e.session_id = ${f}.session_id
            and e.occurred_at between ${f}.started_at and ${f}.last_at and e.name = ?
            and e.occurred_at between (select min(started_at) from goal_visits) and (select max(last_at) from goal_visits))`,
    binding: goal.value,
  };
}

/** A goal as its kept view names it: what it counts, not its name (an edit of its value counts anew). */
export const goalKeyOf = (goal: Pick<Goal, 'kind' | 'value'>) => `${goal.kind}:${goal.value}`;

/** [source, visits, conversions] of a goal's kept day, for every source of the day's visits. */
type SourceRow = [string, number, number];

export async function readGoalReport(
  knex: Knex,
  goals: readonly Goal[],
  period: SitePeriod,
  filters: AnalyticsFilters,
): Promise<GoalReport> {
  return knex.transaction(async (trx) => {
    const visitors = await periodVisitors(trx, await openKeptView(trx, { filters }), filters, period);
    const sorted = new Map<Goal, { view: number; days: SortedSlices }>();
    for (const goal of goals) {
      const view = await openKeptView(trx, { filters, goal: goalKeyOf(goal) });
      sorted.set(goal, { view, days: await sortKeptSlices(trx, 'goal_days', view, period) });
    }
    await workOutGoalDays(trx, filters, sorted, period);

    const results = [];
    for (const goal of goals) {
      const { view, days } = sorted.get(goal)!;
      const { rows } = await trx.raw<{ rows: { sources: SourceRow[]; visitor_sketch: unknown }[] }>(
        'select sources, visitor_sketch from analytics.goal_days where kept_view = ? and day = any(?::date[])',
        [view, days.days],
      );
      const sketch = emptySketch();
      const bySource = new Map<string, { visits: number; conversions: number }>();
      let conversions = 0;
      for (const day of rows) {
        mergeSparseSketch(sketch, bytesOf(day.visitor_sketch));
        for (const [source, visits, converted] of day.sources) {
          const s = bySource.get(source) ?? { visits: 0, conversions: 0 };
          s.visits += visits;
          s.conversions += converted;
          bySource.set(source, s);
          conversions += converted;
        }
      }
      // A subset of the period's visitors and at most one per conversion, whatever the sketches' noise.
      const converting = Math.min(estimateSketch(sketch), conversions, visitors);
      results.push({
        ...goal,
        conversions,
        visitors: converting,
        conversionRate: pct(converting, visitors),
        sources: [...bySource]
          .filter(([, s]) => s.conversions > 0)
          .map(([value, s]) => ({
            value,
            visits: s.visits,
            conversions: s.conversions,
            conversionRate: pct(s.conversions, s.visits),
          }))
          .sort(
            (a, b) =>
              b.conversions - a.conversions || b.conversionRate - a.conversionRate || a.value.localeCompare(b.value),
          )
          .slice(0, GOAL_SOURCES_TOP_N),
      });
    }
    return { ...period, filters, visitors, goals: results };
  });
}

/**
 * Works out the goals' stale days in one statement: the visits of every goal's stale days read
 * once, each goal's converting visits selected from them, then per goal and day its visits and
 * conversions by source and its converting visitors' sketch.
 */
async function workOutGoalDays(
  trx: Knex.Transaction,
  filters: AnalyticsFilters,
  sorted: ReadonlyMap<Goal, { view: number; days: SortedSlices }>,
  period: SitePeriod,
): Promise<void> {
  const stale = [...sorted].filter(([, s]) => s.days.stale.length > 0);
  if (stale.length === 0) return;
  const inSlices = inStaleSlicesSql(unionOfSlices(stale.map(([, s]) => s.days)), period);
  const visits = visitsOfDays(
    {
      // A visit's pages only for page goals: the costly column.
      sql: `v.day, ${inSlices.slice.sql} as hour, v.session_id, v.started_at, v.last_at, ${DIMENSION_SQL.source} as source${stale.some(([g]) => g.kind === 'page') ? ', v.pages' : ''}`,
      bindings: inSlices.slice.bindings,
    },
    inSlices,
    filters,
  );
  for (const [, s] of stale) await dropReplacedSlices(trx, 'goal_days', s.view, s.days);
  // Compiling a plan costs more here than it saves (as for the drill-down answer).
  await trx.raw('set local jit = off');
  await trx.raw(`set local work_mem = '64MB'`);
  // The planner takes the stale slices (an unnest) for one row and would test every visit against
  // the goal once per day in nested loops (15 s for 30 days of 10 million page views): the slices
  // join by hash.
  await trx.raw('set local enable_nestloop = off');
  const slices = stale.flatMap(([, s]) => s.days.stale.map((d) => ({ view: s.view, ...d })));
  const reached = stale.map(([goal, s]) => ({ view: s.view, ...goalReachedSql(goal, 'f') }));
  await trx.raw(
    `insert into analytics.goal_days (kept_view, day, hour, version, sources, visitor_sketch)
     with s as (select * from unnest(?::int[], ?::date[], ?::int[], ?::bigint[]) as s(kept_view, day, hour, version)),
     goal_visits as materialized (${visits.sql}),
     g as materialized (${reached
       .map(
         (r) => `select s.kept_view, f.day, f.hour, f.source, f.session_id
                 from goal_visits f join s on s.kept_view = ?::int and s.day = f.day and s.hour = f.hour where ${r.sql}`,
       )
       .join(' union all ')}),
     by_source as (select day, hour, source, count(*)::int as visits from goal_visits group by day, hour, source)
     select s.kept_view, s.day, s.hour, s.version, coalesce(src.sources, '[]'::jsonb), coalesce(k.sketch, ''::bytea)
     from s
     left join (
       select s.kept_view, s.day, s.hour,
              jsonb_agg(jsonb_build_array(b.source, b.visits, coalesce(c.conversions, 0))) as sources
       from s join by_source b on b.day = s.day and b.hour = s.hour
       left join (select kept_view, day, hour, source, count(*)::int as conversions from g group by kept_view, day, hour, source) c
         on c.kept_view = s.kept_view and c.day = s.day and c.hour = s.hour and c.source = b.source
       group by s.kept_view, s.day, s.hour
     ) src on src.kept_view = s.kept_view and src.day = s.day and src.hour = s.hour
     left join (${sketchesSql('(select kept_view, day, hour, 0 as step, session_id from g) c', 'kept_view, day, hour')}) k
       on k.kept_view = s.kept_view and k.day = s.day and k.hour = s.hour
     on conflict (kept_view, day, hour) do update set
       version = excluded.version, sources = excluded.sources, visitor_sketch = excluded.visitor_sketch`,
    [
      slices.map((p) => p.view),
      slices.map((p) => p.day),
      slices.map((p) => p.hour),
      slices.map((p) => p.version),
      ...visits.bindings,
      ...reached.flatMap((r) => [r.view, r.binding]),
    ],
  );
}
