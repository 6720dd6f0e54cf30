/**
 * Hour slices: a goal's or a funnel's kept rows for the last day of a period (today, mostly) are
 * kept an hour at a time, so a page view stored today makes only its hour be worked out again,
 * not the whole day (a busy day's 41,000 visits at 10 million page views a year: the hour's
 * 1,700 instead).
 *
 * An hour is named by its number since 1970 (UTC: `floor(epoch / 3600)` of a visit's start), so
 * its slice needs no time zone; `hour_versions` holds a version (from `analytics.day_versions`)
 * for each hour of each day that has visits, set again by every stored batch that changes a
 * visit starting in it (before or after the change) and by a refresh of its day. Every hour with
 * visits has its row from here on: the existing visits' hours are numbered now.
 *
 * `goal_days` and `funnel_days` gain `hour`: -1 for a whole day (kept at `daily_totals.version`),
 * or the hour of a slice (kept at its `hour_versions.version`); a day is kept one way or the other.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.hour_versions (
      day date not null,
      hour integer not null,
      version bigint not null default nextval('analytics.day_versions'),
      primary key (day, hour)
    )`);
  await knex.raw(
    `insert into analytics.hour_versions (day, hour)
     select distinct day, floor(extract(epoch from started_at) / 3600)::int from analytics.visits`,
  );
  for (const table of ['goal_days', 'funnel_days']) {
    await knex.raw(`alter table analytics.${table} add column hour integer not null default -1`);
    await knex.raw(`alter table analytics.${table} drop constraint ${table}_pkey`);
    await knex.raw(`alter table analytics.${table} add primary key (kept_view, day, hour)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['goal_days', 'funnel_days']) {
    await knex.raw(`delete from analytics.${table} where hour <> -1`);
    await knex.raw(`alter table analytics.${table} drop constraint ${table}_pkey`);
    await knex.raw(`alter table analytics.${table} drop column hour`);
    await knex.raw(`alter table analytics.${table} add primary key (kept_view, day)`);
  }
  await knex.raw('drop table analytics.hour_versions');
}
