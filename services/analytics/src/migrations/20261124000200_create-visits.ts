/**
 * Visits, one row per visit: a session id's hits with no gap over 30 minutes (sliding),
 * engagement pings extending the last hit. `day` is the day it started in the site's time
 * zone; the roll-ups count a visit on that day. `last_real_at` is its last page view or
 * interaction (a later ping counts only within 30 minutes of it). Rewritten for the affected sessions by every
 * stored batch and for whole days by a refresh (rebuild-visits.ts).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.visits (
      session_id text not null,
      started_at timestamptz not null,
      last_at timestamptz not null,
      last_real_at timestamptz not null,
      day date not null,
      pageviews integer not null,
      interactions integer not null,
      entry_path text,
      referrer_host text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      device text,
      browser text,
      primary key (session_id, started_at)
    )`);
  await knex.raw('create index visits_day on analytics.visits (day)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.visits');
}
