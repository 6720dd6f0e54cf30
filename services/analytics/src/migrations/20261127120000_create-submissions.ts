/**
 * analytics' own copy of the form submissions it attributes, from the `crm.submission.received`
 * events it consumes (durable `analytics-submissions`): the event id, the visitor's session id
 * (null when the tracker had none: an untracked lead) and when it was submitted. De-duplicated
 * by event id and by idempotency key, as crm stores them, so both count the same submissions.
 * Nothing else of the form is kept here: names, e-mail and message stay crm's.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analytics.submissions (
      event_id uuid primary key,
      idempotency_key text not null unique,
      session_id text,
      submitted_at timestamptz not null,
      stored_at timestamptz not null default now()
    )`);
  await knex.raw('create index submissions_submitted_at on analytics.submissions (submitted_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table analytics.submissions');
}
