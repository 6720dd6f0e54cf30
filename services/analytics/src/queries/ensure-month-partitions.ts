/**
 * Creates the monthly partitions (UTC months) of page_views or events that a batch's hits
 * need, inside the caller's transaction (DDL is transactional in Postgres). Batches of different
 * partitions run at once, so a partition not known to exist is created under a lock of its own:
 * the second of two batches waits, then finds it. Partitions known to exist are remembered per database
 * once the creating transaction committed (`rememberPartitions`).
 */
import type { Knex } from '@lp/runtime';

const known = new WeakMap<object, Set<string>>();

export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export const partitionName = (table: 'page_views' | 'events', month: string) => `${table}_${month.replace('-', '_')}`;

export async function ensureMonthPartitions(
  knex: Knex,
  cacheKey: object,
  table: 'page_views' | 'events',
  months: Iterable<string>,
): Promise<void> {
  let seen = known.get(cacheKey);
  if (!seen) known.set(cacheKey, (seen = new Set()));
  for (const month of new Set(months)) {
    const name = partitionName(table, month);
    if (seen.has(name)) continue;
    await knex.raw(`select pg_advisory_xact_lock(hashtext('lp-analytics-partitions'))`);
    await knex.raw(
      `create table if not exists analytics.${name} partition of analytics.${table}
       for values from ('${month}-01T00:00:00Z') to ('${nextMonth(month)}-01T00:00:00Z')`,
    );
  }
}

/** After the transaction that ensured them committed: skip these next time. */
export function rememberPartitions(cacheKey: object, table: 'page_views' | 'events', months: Iterable<string>): void {
  let seen = known.get(cacheKey);
  if (!seen) known.set(cacheKey, (seen = new Set()));
  for (const month of months) seen.add(partitionName(table, month));
}

/** Forgets what was remembered (after retention drops partitions). */
export function forgetPartitions(cacheKey: object): void {
  known.delete(cacheKey);
}
