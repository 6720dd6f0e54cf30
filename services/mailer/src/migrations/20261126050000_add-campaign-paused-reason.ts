/**
 * Why the sender paused a campaign on its own (the mail relay not answering): shown to staff,
 * and cleared when the relay answers again and sending resumes. Null for a staff pause.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.campaigns add column if not exists paused_reason text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.campaigns drop column if exists paused_reason');
}
