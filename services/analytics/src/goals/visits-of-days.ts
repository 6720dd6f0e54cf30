/**
 * The visits of some slices (days, or hours of the day kept by the hour) under the drill-down
 * filters, as SQL for a materialized CTE that the goal and funnel work-outs read several times
 * within their one statement: only the columns the reader asks for (a visit's pages are the
 * costly part, and a funnel reads none). One statement and no temporary table: today's work-out,
 * on every view asked again, is a few milliseconds less.
 */
import type { AnalyticsFilters } from '@lp/contracts';
import { visitFilterSql } from '../queries/visit-filter-sql.ts';

export function visitsOfDaysSql(
  /** SQL of the columns to keep, over `analytics.visits v`, with their bindings. */
  columns: { sql: string; bindings: readonly (string | number)[] },
  /** Which visits, over `v.day` and `v.started_at` (kept-days.ts' inStaleSlicesSql). */
  slices: { sql: string; bindings: readonly (string | number[])[] },
  filters: AnalyticsFilters,
): { sql: string; bindings: (string | number | number[])[] } {
  const where = visitFilterSql(filters);
  return {
    sql: `select ${columns.sql} from analytics.visits v where ${slices.sql} and ${where.sql}`,
    bindings: [...columns.bindings, ...slices.bindings, ...where.bindings],
  };
}
