/**
 * The visits of some days under the drill-down filters, as SQL for a materialized CTE that the
 * goal and funnel work-outs read several times within their one statement: only the columns the
 * reader asks for (a visit's pages are the costly part, and a funnel reads none). One statement
 * and no temporary table: today's work-out, on every view asked again, is a few milliseconds
 * less.
 */
import type { AnalyticsFilters } from '@lp/contracts';
import { visitFilterSql } from '../queries/visit-filter-sql.ts';

export function visitsOfDaysSql(
  /** SQL of the columns to keep, over `analytics.visits v`. */
  columns: string,
  /** Which days, over `v.day` (kept-days.ts' inStaleDaysSql). */
  days: { sql: string; bindings: readonly string[] },
  filters: AnalyticsFilters,
): { sql: string; bindings: string[] } {
  const where = visitFilterSql(filters);
  return {
    sql: `select ${columns} from analytics.visits v where ${days.sql} and ${where.sql}`,
    bindings: [...days.bindings, ...where.bindings],
  };
}
