/**
 * analytics' copy of the submissions by session id: a segment's lead sessions come in pages in
 * session order (read-lead-sessions.ts), each page a walk of this index from where the last one
 * ended, instead of a sort of every submission for every page.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index submissions_session_id on analytics.submissions (session_id) where session_id is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists analytics.submissions_session_id');
}
