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
 * `kept_views` numbers each view once — a set of filters (the drill-down), or filters and a goal,
 * or filters and a funnel — with when it was last viewed (unique by the SHA-256 of its name: sixteen
 * filters of 500 characters make a name past what a B-tree entry holds); its kept days carry the number, and a
 * view not viewed for KEPT_DAYS_KEEP_DAYS goes with them (an edited goal's old view too).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence analytics.day_versions');
  await knex.raw(
    `alter table analytics.daily_totals add column version bigint not null default nextval('analytics.day_versions')`,
  );
  await knex.raw(`
    create table analytics.kept_views (
      id serial primary key,
      view_hash text not null unique,
      view text not null,
      viewed_at timestamptz not null
    )`);
  await knex.raw(`
    create table analytics.filtered_days (
      kept_view integer not null references analytics.kept_views on delete cascade,
      day date not null,
      version bigint not null,
      with_parts boolean not null,
      visits integer not null,
      bounces integer not null,
      duration_s double precision not null,
      pageviews integer not null,
      visitor_sketch bytea not null,
      primary key (kept_view, day)
    )`);
  await knex.raw(`
    create table analytics.filtered_day_parts (
      kept_view integer not null references analytics.kept_views on delete cascade,
      day date not null,
      dimension text not null,
      value text not null,
      visits integer not null,
      bounces integer not null,
      pageviews integer not null,
      primary key (kept_view, day, dimension, value)
    )`);
  // A goal's visits and conversions by source and its converting visitors, per day.
  await knex.raw(`
    create table analytics.goal_days (
      kept_view integer not null references analytics.kept_views on delete cascade,
      day date not null,
      version bigint not null,
      sources jsonb not null,
      visitor_sketch bytea not null,
      primary key (kept_view, day)
    )`);
  // A funnel's visitors at each step, per day.
  await knex.raw(`
    create table analytics.funnel_days (
      kept_view integer not null references analytics.kept_views on delete cascade,
      day date not null,
      version bigint not null,
      step_sketches bytea not null,
      primary key (kept_view, day)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.funnel_days');
  await knex.raw('drop table analytics.goal_days');
  await knex.raw('drop table analytics.filtered_day_parts');
  await knex.raw('drop table analytics.filtered_days');
  await knex.raw('drop table analytics.kept_views');
  await knex.raw('alter table analytics.daily_totals drop column version');
  await knex.raw('drop sequence analytics.day_versions');
}
