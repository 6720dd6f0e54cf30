/** The lot a form submission asked about, counted per lot for the staff lots table. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.integer('lot_number');
  });
  await knex.raw(
    'create index form_submissions_lot_number_idx on crm.form_submissions (lot_number, created_at) where lot_number is not null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm.form_submissions_lot_number_idx');
  await knex.schema.withSchema('crm').alterTable('form_submissions', (t) => {
    t.dropColumn('lot_number');
  });
}
