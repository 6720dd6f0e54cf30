/**
 * Daily roll-ups, so every dashboard range reads O(days) rows: `daily_totals` (one row a day:
 * visits, bounces, summed durations, page views, the day's unique visitors and the
 * HyperLogLog sketch they are estimated from, which unions across days) and `daily_breakdowns` (one row per day × dimension × value:
 * page, referrer host, source, UTM source/medium/campaign, device, browser). Kept when raw
 * months are dropped.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.daily_totals (
      day date primary key,
      visits integer not null default 0,
      bounces integer not null default 0,
      duration_s double precision not null default 0,
      pageviews integer not null default 0,
      visitors integer not null default 0,
      visitor_sketch bytea
    )`);
  await knex.raw(`
    create table analytics.daily_breakdowns (
      day date not null,
      dimension text not null,
      value text not null,
      visits integer not null default 0,
      bounces integer not null default 0,
      duration_s double precision not null default 0,
      pageviews integer not null default 0,
      primary key (day, dimension, value)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.daily_breakdowns');
  await knex.raw('drop table analytics.daily_totals');
}
