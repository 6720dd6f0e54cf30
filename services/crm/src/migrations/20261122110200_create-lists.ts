/** Contact lists and their memberships. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('lists', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('description');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.withSchema('crm').createTable('list_members', (t) => {
    t.integer('list_id').notNullable().references('id').inTable('crm.lists').onDelete('CASCADE');
    t.integer('contact_id').notNullable().references('id').inTable('crm.contacts').onDelete('CASCADE');
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['list_id', 'contact_id']);
    t.index(['contact_id'], 'list_members_contact_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('list_members');
  await knex.schema.withSchema('crm').dropTable('lists');
}
