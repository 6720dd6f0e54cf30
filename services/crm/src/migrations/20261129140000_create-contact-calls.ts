/**
 * Calls staff logged with a contact ("Log a call" in its history): when, a note, who logged it.
 * Indexed by contact and time: a lead's first response is the contact's first call after it.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('contact_calls', (t) => {
    t.increments('id').primary();
    t.integer('contact_id').notNullable().references('id').inTable('crm.contacts').onDelete('CASCADE');
    t.timestamp('called_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('note').notNullable().defaultTo('');
    t.text('logged_by').notNullable();
    t.index(['contact_id', 'called_at'], 'contact_calls_contact_time_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('contact_calls');
}
