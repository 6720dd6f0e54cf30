/**
 * A form submission belongs to the contact with its e-mail (any letter case): an index to find
 * them both ways, and when staff converted it ('Add to Contacts').
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.timestamp('converted_at', { useTz: true });
  });
  await knex.raw('create index form_submissions_email_lower_idx on crm.form_submissions (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index crm.form_submissions_email_lower_idx');
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.dropColumn('converted_at');
  });
}
