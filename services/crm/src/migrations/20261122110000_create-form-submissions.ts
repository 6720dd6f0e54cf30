/** Leads from the public site's forms, one row per submission (de-duplicated by event id and idempotency key). */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('form_submissions', (t) => {
    t.increments('id').primary();
    t.uuid('event_id').notNullable().unique();
    t.text('idempotency_key').notNullable().unique();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('interest');
    t.text('message');
    t.text('source').notNullable();
    t.text('topic');
    t.text('page');
    t.text('session_id');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at'], 'form_submissions_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('form_submissions');
}
