/**
 * The hour a visit started in, named by its number since 1970 (UTC), the unit that goals' and
 * funnels' slices of a period's last day are kept by (migrations/…_add-hour-slices.ts): no time
 * zone needed, and the same in JS and in SQL.
 */
import type { Knex } from '@lp/runtime';

export const hourOf = (at: Date): number => Math.floor(at.getTime() / 3_600_000);

/** `hourOf` of a timestamptz column, as SQL. */
export const hourOfSql = (column: string): string => `floor(extract(epoch from ${column}) / 3600)::int`;

/**
 * Sets a new version for each of the hours (`day|hour`), in one order in every batch so two
 * batches renewing the same hours cannot deadlock: the slices kept for them are worked out again.
 */
export async function renewHours(trx: Knex, hours: ReadonlySet<string>): Promise<void> {
  if (hours.size === 0) return;
  const sorted = [...hours].sort();
  await trx.raw(
    `insert into analytics.hour_versions (day, hour)
     select split_part(value, '|', 1)::date, split_part(value, '|', 2)::int from json_array_elements_text(?::json)
     on conflict (day, hour) do update set version = nextval('analytics.day_versions')`,
    [JSON.stringify(sorted)],
  );
}

/** Numbers the hours of the days' visits afresh (a refresh rebuilt them): every slice of them is worked out again. */
export async function renumberHoursOfDays(trx: Knex, from: string, to: string): Promise<void> {
  await trx.raw('delete from analytics.hour_versions where day between ?::date and ?::date', [from, to]);
  await trx.raw(
    `insert into analytics.hour_versions (day, hour)
     select distinct day, ${hourOfSql('started_at')} from analytics.visits where day between ?::date and ?::date`,
    [from, to],
  );
}
