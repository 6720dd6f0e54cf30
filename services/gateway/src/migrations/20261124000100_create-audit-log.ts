/** The audit log of staff actions: who did what to which thing, when, from which request. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // No foreign key: an entry outlives whatever it names.
    t.integer('actor_id');
    t.text('actor').notNullable();
    t.text('action').notNullable();
    t.text('target');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.text('request_id');
    t.index(['at'], 'audit_log_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTable('audit_log');
}
