/**
 * Chunks of CSV imports already applied, by (import id, sequence number), with what each did:
 * a chunk re-sent after a crm restart or a lost reply is answered from here, never applied twice.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('import_chunks', (t) => {
    t.uuid('import_id').notNullable();
    t.integer('seq').notNullable();
    t.integer('imported').notNullable();
    t.integer('updated').notNullable();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['import_id', 'seq']);
    t.index(['applied_at'], 'import_chunks_applied_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('import_chunks');
}
