/**
 * Where a lead was when they sent the form: country (ISO code), region and city, as the gateway
 * read them from the request's address (never the address itself). Submissions stored before
 * have none.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.text('country');
    t.text('region');
    t.text('city');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.dropColumn('country');
    t.dropColumn('region');
    t.dropColumn('city');
  });
}
