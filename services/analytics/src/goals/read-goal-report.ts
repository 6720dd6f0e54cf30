/**
 * Each goal's conversions over a period, under the drill-down filters, from the stored visits:
 * the period's matching visits are collected once (a temporary table dropped at commit), then
 * each goal counts the visits that reached it — a page goal by the visit's own pages
 * (`visits.pages`), an event goal by an event of that name within the visit's time in the raw
 * events (kept ANALYTICS_RAW_RETENTION_MONTHS) — per source and overall in one grouping. The
 * rate is converting visitors per 100 visitors (Plausible's definition); a source's rate is its
 * converting visits per 100 of its visits.
 */
import { GOAL_SOURCES_TOP_N, type AnalyticsFilters, type Goal, type GoalReport, type SitePeriod } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { pct } from '../queries/read-web-analytics.ts';
import { pageMatchSql, pagesOf, visitFilterSql } from '../queries/visit-filter-sql.ts';
import { DIMENSION_SQL } from '../visits/refresh-rollups.ts';

/** A goal reached within visit `f` (with session_id, started_at, last_at, pages), as SQL. */
export function goalReachedSql(goal: Pick<Goal, 'kind' | 'value'>, f: string): { sql: string; binding: string } {
  if (goal.kind === 'page') {
    const page = pageMatchSql('pg.path', goal.value);
    return { sql: `exists (select 1 from ${pagesOf(f)} where ${page.sql})`, binding: page.binding };
  }
  return {
    sql: `exists (select 1 from analytics.events e where e.session_id = ${f}.session_id
            and e.occurred_at between ${f}.started_at and ${f}.last_at and e.name = ?)`,
    binding: goal.value,
  };
}

/** Collects the period's visits under the filters into `table` (dropped at commit). */
export async function collectVisits(
  trx: Knex.Transaction,
  table: string,
  period: SitePeriod,
  filters: AnalyticsFilters,
): Promise<void> {
  // Compiling a plan costs more here than it saves (as for the drill-down answer).
  await trx.raw('set local jit = off');
  const where = visitFilterSql(filters);
  await trx.raw(
    `create temporary table ${table} on commit drop as
       select v.session_id, v.started_at, v.last_at, v.pages, ${DIMENSION_SQL.source} as source
       from analytics.visits v where v.day between ?::date and ?::date and ${where.sql}`,
    [period.from, period.to, ...where.bindings],
  );
}

type Row = { source: string | null; conversions: number; visitors: number; overall: boolean };

export async function readGoalReport(
  knex: Knex,
  goals: readonly Goal[],
  period: SitePeriod,
  filters: AnalyticsFilters,
): Promise<GoalReport> {
  return knex.transaction(async (trx) => {
    await collectVisits(trx, 'goal_visits', period, filters);
    const [{ rows: totals }, { rows: bySource }] = [
      await trx.raw<{ rows: { visitors: number }[] }>(
        'select count(distinct session_id)::int as visitors from goal_visits',
      ),
      await trx.raw<{ rows: { source: string; visits: number }[] }>(
        'select source, count(*)::int as visits from goal_visits group by source',
      ),
    ];
    const visitors = totals[0]?.visitors ?? 0;
    const visitsOf = new Map(bySource.map((r) => [r.source, r.visits]));
    const results = [];
    for (const goal of goals) {
      const reached = goalReachedSql(goal, 'f');
      // One grouping: per source, and overall (distinct visitors must not be summed over sources).
      const { rows } = await trx.raw<{ rows: Row[] }>(
        `select source, count(*)::int as conversions, count(distinct session_id)::int as visitors,
                grouping(source) = 1 as overall
         from goal_visits f where ${reached.sql}
         group by grouping sets ((source), ())`,
        [reached.binding],
      );
      const overall = rows.find((r) => r.overall);
      results.push({
        ...goal,
        conversions: overall?.conversions ?? 0,
        visitors: overall?.visitors ?? 0,
        conversionRate: pct(overall?.visitors ?? 0, visitors),
        sources: rows
          .filter((r) => !r.overall)
          .map((r) => {
            const source = r.source ?? '';
            const visits = visitsOf.get(source) ?? r.conversions;
            return { value: source, visits, conversions: r.conversions, conversionRate: pct(r.conversions, visits) };
          })
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
