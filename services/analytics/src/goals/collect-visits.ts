/**
 * The visits of some days under the drill-down filters, collected once into a temporary table
 * (dropped at commit) for the goal and funnel answers to read several times: only the columns
 * the reader asks for (a visit's pages are the costly part, and a funnel reads none).
 */
import type { AnalyticsFilters } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { visitFilterSql } from '../queries/visit-filter-sql.ts';

export async function collectVisits(
  trx: Knex.Transaction,
  table: string,
  /** SQL of the columns to keep, over `analytics.visits v`. */
  columns: string,
  /** Which days, over `v.day` (kept-days.ts' inStaleDaysSql). */
  days: { sql: string; bindings: readonly string[] },
  filters: AnalyticsFilters,
): Promise<void> {
  // Compiling a plan costs more here than it saves (as for the drill-down answer).
  await trx.raw('set local jit = off');
  const where = visitFilterSql(filters);
  await trx.raw(
    `create temporary table ${table} on commit drop as
       select ${columns} from analytics.visits v where ${days.sql} and ${where.sql}`,
    [...days.bindings, ...where.bindings],
  );
}
