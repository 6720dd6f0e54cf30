/**
 * The web-analytics answer narrowed by drill-down filters (source = google, device = mobile,
 * page = /lots/*, …): read from the stored visits, not the roll-ups, since the roll-ups hold
 * each dimension alone. Each visit carries its own values and its pages (path → page views), so
 * one scan of the period's visits answers everything, the raw hits untouched. In one transaction the
 * matching visits of the period and of the one it is compared with are collected once into a
 * temporary table (dropped at commit), then summed per day, per dimension (grouping sets) and per page. Unique
 * visitors are exact (distinct session ids).
 *
 * A visit matches a dimension filter by its own value ('' for none, as in the tables) and a
 * page filter when it viewed a matching page; under a page filter the page views counted are
 * those of matching pages only (Plausible's definition), so the pages table shows them alone.
 */
import type { AnalyticsFilters, WebAnalytics } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { DIMENSION_SQL } from '../visits/refresh-rollups.ts';
import { VISIT_DIMENSIONS } from '../visits/visit-rows.ts';
import { pageMatchSql, pagesOf, visitFilterSql } from './visit-filter-sql.ts';
import type { AnalyticsAsk } from './analytics-ask.ts';
import { answerOf, rowsIn, seriesOf, topTablesOf, totalsFrom, type PartRow } from './read-web-analytics.ts';

type DayRow = { day: string; visits: number; bounces: number; duration_s: number; pageviews: number; visitors: number };

export async function readFilteredWebAnalytics(
  knex: Knex,
  ask: AnalyticsAsk,
  filters: AnalyticsFilters,
): Promise<WebAnalytics> {
  const { period, comparison } = ask;
  const { from, to } = period;
  const where = visitFilterSql(filters);
  const page = filters.page === undefined ? null : pageMatchSql('pg.path', filters.page);
  const shownPageviews = page
    ? `(select coalesce(sum(pg.views::int), 0) from ${pagesOf('v')} where ${page.sql})::int`
    : 'v.pageviews';
  const pageBindings = page ? [page.binding] : [];

  return knex.transaction(async (trx) => {
    // Compiling a plan costs more here than it saves (0.45 s of 0.8 s measured on 10 million page views).
    await trx.raw('set local jit = off');
    await trx.raw(
      `create temporary table filtered_visits on commit drop as
         select v.session_id, v.day, v.pages,
                (v.pageviews = 1 and v.interactions = 0) as bounce,
                extract(epoch from v.last_at - v.started_at)::float8 as duration_s,
                ${shownPageviews} as pageviews,
                ${VISIT_DIMENSIONS.map((d) => `${DIMENSION_SQL[d]} as ${d}`).join(', ')}
         from analytics.visits v
         -- The two periods may meet, lie a year apart or overlap: a visit is collected once either way.
         where (v.day between ?::date and ?::date or v.day between ?::date and ?::date) and ${where.sql}`,
      [...pageBindings, from, to, comparison.from, comparison.to, ...where.bindings],
    );
    const [perDay, visitors, parts, pages] = [
      await trx.raw<{ rows: DayRow[] }>(
        `select day::text as day, count(*)::int as visits, (count(*) filter (where bounce))::int as bounces,
                  coalesce(sum(duration_s), 0)::float8 as duration_s, coalesce(sum(pageviews), 0)::int as pageviews,
                  count(distinct session_id)::int as visitors
           from filtered_visits group by day`,
      ),
      await trx.raw<{ rows: { current: number; previous: number }[] }>(
        `select (count(distinct session_id) filter (where day between ?::date and ?::date))::int as current,
                  (count(distinct session_id) filter (where day between ?::date and ?::date))::int as previous
           from filtered_visits`,
        [from, to, comparison.from, comparison.to],
      ),
      // Every dimension's table in one scan, one hash table per grouping set (3× faster than a
      // row per visit and dimension grouped at once, measured on a year of a million page views).
      // In a set's rows only its own column is set, and a dimension's value is never null.
      await trx.raw<{ rows: PartRow[] }>(
        `select case ${VISIT_DIMENSIONS.map((d) => `when grouping(${d}) = 0 then '${d}'`).join(' ')} end as dimension,
                  coalesce(${VISIT_DIMENSIONS.join(', ')}) as value,
                  count(*)::int as visits, (count(*) filter (where bounce))::int as bounces,
                  coalesce(sum(pageviews), 0)::int as pageviews
           from filtered_visits
           where day between ?::date and ?::date
           group by grouping sets (${VISIT_DIMENSIONS.map((d) => `(${d})`).join(', ')})`,
        [from, to],
      ),
      await trx.raw<{ rows: PartRow[] }>(
        `select 'page' as dimension, pg.path as value, 0 as visits, 0 as bounces, sum(pg.views::int)::int as pageviews
           from filtered_visits v cross join lateral ${pagesOf('v')}
           where v.day between ?::date and ?::date ${page ? `and ${page.sql}` : ''}
           group by pg.path`,
        [from, to, ...pageBindings],
      ),
    ];
    const current = rowsIn(perDay.rows, period);
    const previous = rowsIn(perDay.rows, comparison);
    const unique = visitors.rows[0] ?? { current: 0, previous: 0 };
    return answerOf(
      ask,
      filters,
      { current: totalsFrom(current, unique.current), previous: totalsFrom(previous, unique.previous) },
      { current: seriesOf(period, current), previous: seriesOf(comparison, previous) },
      topTablesOf([...parts.rows, ...pages.rows]),
    );
  });
}
