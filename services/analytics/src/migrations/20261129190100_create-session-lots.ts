/**
 * The lots whose pages each session viewed (`/lots/{n}`, with or without a trailing slash), kept
 * as the page views are stored (record-hits.ts) and, like the visits, past the raw page views'
 * retention: what a segment's "viewed lot N" and "viewed any available lot" ask of the lead
 * sessions (read-lead-sessions.ts). In session order, so a page of leads is one merge of the
 * submissions' session index with this key from where the last page ended (15 ms for 10,000
 * leads of 60,000, where a probe of each lead's visits took 60–80 ms). Filled from the pages the
 * visits kept.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.session_lots (
      session_id text not null,
      lot_number integer not null,
      primary key (session_id, lot_number)
    )`);
  await knex.raw(`
    insert into analytics.session_lots (session_id, lot_number)
    select distinct v.session_id, substring(k from '^/lots/([1-9][0-9]{0,3})/{0,1}$')::int
      from analytics.visits v, jsonb_object_keys(v.pages) k
     where k ~ '^/lots/([1-9][0-9]{0,3})/{0,1}$'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.session_lots');
}
