/**
 * The gateway's own settings: for now its copy of the tracking key (`tracking_key`), learnt from
 * the mailer over the bus, so it verifies tracking links with no read of the mailer's schema.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').createTable('settings', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTable('settings');
}
