/**
 * Form submissions by analytics session id: the mailer's lot-viewed journeys ask which contact a
 * visitor (session) became (queries/list-session-contacts.ts).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index form_submissions_session_idx on crm.form_submissions (session_id) where session_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm.form_submissions_session_idx');
}
