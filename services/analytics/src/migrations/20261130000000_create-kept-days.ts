/**
 * Kept days: the drill-down answer, a goal's conversions and a funnel's steps under one set of
 * filters (none too, for goals and funnels) for one day, kept once worked out (Matomo's
 * archives of a segment, built when a report is viewed), so a view asked again reads O(days)
 * rows instead of scanning the period's visits (queries/kept-days.ts).
 *
 * `daily_totals.version` changes whenever anything a day's visits count changes: every stored
 * batch that touches the day's visits or page views sets it from `analytics.day_versions`, and
 * a refresh re-inserts the day's row with a new one. A kept day is used only while its
 * `version` is its day's: a late hit, a redelivered batch or a refresh makes it be worked out
 * again on the next view, never shown stale.
 *
 * `filter_sets` numbers each set of filters once (its days and parts carry the number) with when
 * it was last viewed; a set not viewed for FILTERED_DAYS_KEEP_DAYS goes, its days and parts with it.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence analytics.day_versions');
  await knex.raw(
    `alter table analytics.daily_totals add column version bigint not null default nextval('analytics.day_versions')`,
  );
  await knex.raw(`
    create table analytics.filter_sets (
      id serial primary key,
      filters text not null unique,
      viewed_at timestamptz not null
    )`);
  await knex.raw(`
    create table analytics.filtered_days (
      filter_set integer not null references analytics.filter_sets on delete cascade,
      day date not null,
      version bigint not null,
      with_parts boolean not null,
      visits integer not null,
      bounces integer not null,
      duration_s double precision not null,
      pageviews integer not null,
      visitor_sketch bytea not null,
      primary key (filter_set, day)
    )`);
  await knex.raw(`
    create table analytics.filtered_day_parts (
      filter_set integer not null references analytics.filter_sets on delete cascade,
      day date not null,
      dimension text not null,
      value text not null,
      visits integer not null,
      bounces integer not null,
      pageviews integer not null,
      primary key (filter_set, day, dimension, value)
    )`);
  // A goal's (kind:value) converting visitors and visits and conversions by source, per day.
  await knex.raw(`
    create table analytics.goal_days (
      filter_set integer not null references analytics.filter_sets on delete cascade,
      goal text not null,
      day date not null,
      version bigint not null,
      sources jsonb not null,
      visitor_sketch bytea not null,
      primary key (filter_set, goal, day)
    )`);
  // A funnel's (its goals' kind:value in order) visitors at each step, per day.
  await knex.raw(`
    create table analytics.funnel_days (
      filter_set integer not null references analytics.filter_sets on delete cascade,
      funnel text not null,
      day date not null,
      version bigint not null,
      step_sketches bytea not null,
      primary key (filter_set, funnel, day)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.funnel_days');
  await knex.raw('drop table analytics.goal_days');
  await knex.raw('drop table analytics.filtered_day_parts');
  await knex.raw('drop table analytics.filtered_days');
  await knex.raw('drop table analytics.filter_sets');
  await knex.raw('alter table analytics.daily_totals drop column version');
  await knex.raw('drop sequence analytics.day_versions');
}
