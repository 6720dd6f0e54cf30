/**
 * The audit trail: one row per accepted change of a lot, with who (the staff username), when,
 * each changed field's value before and after, and the id of the lot-changed event it published.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('inventory').createTable('lot_changes', (t) => {
    t.bigIncrements('id').primary();
    t.integer('lot_number').notNullable().references('number').inTable('inventory.lots');
    t.text('changed_by').notNullable();
    t.timestamp('changed_at', { useTz: true }).notNullable();
    t.jsonb('changes').notNullable();
    t.uuid('event_id').notNullable().unique();
    t.index(['lot_number', 'changed_at'], 'lot_changes_lot_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('inventory').dropTable('lot_changes');
}
