/**
 * `daily_events`: the tracker's own events per day (site time zone) — outbound link clicks and
 * file downloads by link (`value`: its address without query or fragment), pages not found by
 * path with the page that linked to them (`referrer`, '' for none) — and their hits. Kept in
 * step by every stored event batch (only hits stored now count) and rebuilt by a refresh; kept
 * when raw months are dropped (the tracker sent none of these before, so there is nothing to fill).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.daily_events (
      day date not null,
      name text not null,
      value text not null,
      referrer text not null default '',
      hits integer not null default 0,
      primary key (day, name, value, referrer)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.daily_events');
}
