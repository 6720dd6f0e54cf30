/** Contacts (staff dashboard §3): one row per e-mail address, with subscription status and origin. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('contacts', (t) => {
    t.increments('id').primary();
    t.text('email').notNullable();
    t.text('first_name');
    t.text('last_name');
    t.text('phone');
    t.text('status').notNullable().defaultTo('subscribed');
    t.text('source').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index contacts_email_lower_idx on crm.contacts (lower(email))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('contacts');
}
