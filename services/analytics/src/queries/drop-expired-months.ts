/**
 * Retention of raw hits: drops the monthly partitions of page views and events that ended
 * before the kept months (`keepMonths` calendar months, the current one included), with
 * DETACH + DROP (milliseconds, no vacuum debt). Returns the dropped partitions' names.
 */
import type { Knex } from '@lp/runtime';
import { forgetPartitions } from './ensure-month-partitions.ts';
import { lockRollups } from '../visits/record-hits.ts';

export async function dropExpiredMonths(knex: Knex, keepMonths: number, now: Date = new Date()): Promise<string[]> {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (keepMonths - 1), 1));
  const cutoff = first.toISOString().slice(0, 7).replace('-', '_');
  return knex.transaction(async (trx) => {
    await lockRollups(trx);
    const { rows } = await trx.raw<{ rows: { name: string }[] }>(
      `select c.relname as name from pg_inherits i
       join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
       join pg_namespace n on n.oid = p.relnamespace
       where n.nspname = 'analytics' and p.relname in ('page_views', 'events')`,
    );
    const expired = rows.map((r) => r.name).filter((name) => (name.match(/(\d{4}_\d{2})$/)?.[1] ?? '9999') < cutoff);
    for (const name of expired) {
      const parent = name.startsWith('page_views_') ? 'page_views' : 'events';
      await trx.raw(`alter table analytics.${parent} detach partition analytics.${name}`);
      await trx.raw(`drop table analytics.${name}`);
    }
    if (expired.length > 0) forgetPartitions(knex);
    return expired;
  });
}
