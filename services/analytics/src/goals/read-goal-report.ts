/**
 * Each goal's conversions over a period, under the drill-down filters, from the stored visits,
 * a day at a time and kept (`analytics.goal_days`, queries/kept-days.ts): a visit converts when
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
  inStaleDaysSql,
  mergeSparseSketch,
  openFilterSet,
  sketchesSql,
  sortKeptDays,
  staleDaysSql,
  type SortedDays,
} from '../queries/kept-days.ts';
import { pct } from '../queries/read-web-analytics.ts';
import { pageViewedSql } from '../queries/visit-filter-sql.ts';
import { DIMENSION_SQL } from '../visits/refresh-rollups.ts';
import { emptySketch, estimateSketch } from '../visits/visitor-sketch.ts';
import { collectVisits } from './collect-visits.ts';

/** A goal reached within visit `f` (with session_id, started_at, last_at, pages), as SQL. */
export function goalReachedSql(goal: Pick<Goal, 'kind' | 'value'>, f: string): { sql: string; binding: string } {
  if (goal.kind === 'page') return pageViewedSql(f, goal.value);
  return {
    sql: `exists (select 1 from analytics.events e where e.session_id = ${f}.session_id
            and e.occurred_at between ${f}.started_at and ${f}.last_at and e.name = ?)`,
    binding: goal.value,
  };
}

/** A goal as its kept days name it: what it counts, not its name (an edit of its value counts anew). */
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
    const set = await openFilterSet(trx, filters);
    const visitors = await periodVisitors(trx, set, filters, period);
    const sorted = new Map<Goal, SortedDays>();
    for (const goal of goals)
      sorted.set(
        goal,
        await sortKeptDays(trx, [period], {
          join: 'left join analytics.goal_days k on k.filter_set = ? and k.goal = ? and k.day = t.day',
          current: 'k.version = t.version',
          bindings: [set, goalKeyOf(goal)],
        }),
      );
    await workOutGoalDays(trx, set, filters, sorted, period);

    const results = [];
    for (const goal of goals) {
      const { rows } = await trx.raw<{ rows: { sources: SourceRow[]; visitor_sketch: unknown }[] }>(
        `select sources, visitor_sketch from analytics.goal_days
         where filter_set = ? and goal = ? and day = any(?::date[])`,
        [set, goalKeyOf(goal), sorted.get(goal)!.days],
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
 * Works out the goals' stale days in one pass: the visits of every goal's stale days collected
 * once, each visit tested against every goal, then per goal and day its visits and conversions
 * by source and its converting visitors' sketch.
 */
async function workOutGoalDays(
  trx: Knex.Transaction,
  set: number,
  filters: AnalyticsFilters,
  sorted: ReadonlyMap<Goal, SortedDays>,
  period: SitePeriod,
): Promise<void> {
  const stale = [...sorted].filter(([, s]) => s.stale.length > 0);
  if (stale.length === 0) return;
  const union: SortedDays = {
    days: [...new Set(stale.flatMap(([, s]) => s.days))].sort(),
    stale: [...new Map(stale.flatMap(([, s]) => s.stale.map((d) => [d.day, d] as const))).values()],
  };
  const inDays = inStaleDaysSql('v.day', union, [period]);
  await collectVisits(
    trx,
    'goal_visits',
    // A visit's pages only for page goals: the costly column.
    `v.day, v.session_id, v.started_at, v.last_at, ${DIMENSION_SQL.source} as source${stale.some(([g]) => g.kind === 'page') ? ', v.pages' : ''}`,
    inDays,
    filters,
  );
  await trx.raw(`set local work_mem = '64MB'`);
  const pairs = stale.flatMap(([goal, s]) => s.stale.map((d) => ({ goal: goalKeyOf(goal), ...d })));
  const reached = stale.map(([goal]) => ({ key: goalKeyOf(goal), ...goalReachedSql(goal, 'f') }));
  await trx.raw(
    `insert into analytics.goal_days (filter_set, goal, day, version, sources, visitor_sketch)
     with s as (select * from unnest(?::text[], ?::date[], ?::bigint[]) as s(goal, day, version)),
     g as materialized (
       select x.goal, f.day, f.source, f.session_id
       from goal_visits f cross join lateral (values ${reached.map((r) => `(?, ${r.sql})`).join(', ')}) as x(goal, reached)
       join s on s.goal = x.goal and s.day = f.day
       where x.reached
     ),
     by_source as (select day, source, count(*)::int as visits from goal_visits group by day, source)
     select ?, s.goal, s.day, s.version, coalesce(src.sources, '[]'::jsonb), coalesce(k.sketch, ''::bytea)
     from s
     left join (
       select s.goal, s.day, jsonb_agg(jsonb_build_array(b.source, b.visits, coalesce(c.conversions, 0))) as sources
       from s join by_source b on b.day = s.day
       left join (select goal, day, source, count(*)::int as conversions from g group by goal, day, source) c
         on c.goal = s.goal and c.day = s.day and c.source = b.source
       group by s.goal, s.day
     ) src on src.goal = s.goal and src.day = s.day
     left join (${sketchesSql('(select goal, day, 0 as step, session_id from g) c', 'goal, day')}) k
       on k.goal = s.goal and k.day = s.day
     on conflict (filter_set, goal, day) do update set
       version = excluded.version, sources = excluded.sources, visitor_sketch = excluded.visitor_sketch`,
    [
      pairs.map((p) => p.goal),
      pairs.map((p) => p.day),
      pairs.map((p) => p.version),
      ...reached.flatMap((r) => [r.key, r.binding]),
      set,
    ],
  );
}
