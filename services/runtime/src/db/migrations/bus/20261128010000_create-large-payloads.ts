/**
 * Large payloads of the embedded bus (`Bus.putLarge`): what the JetStream Object Store bucket
 * holds when distributed. Rows leave after a day (the store deletes them as it goes).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').createTable('large_payloads', (t) => {
    t.text('key').primary();
    t.binary('data').notNullable();
    t.integer('size').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable();
    t.index(['stored_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').dropTable('large_payloads');
}
