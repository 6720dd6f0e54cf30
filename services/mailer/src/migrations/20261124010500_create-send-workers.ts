/**
 * Live senders and the mailer's own settings. A sender beats its row every few seconds; the
 * `sending` deliveries of a sender whose beat stopped are the unknown-fate ones of a crash.
 * `settings` keeps the generated tracking secret when TRACKING_SECRET is not configured.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('send_workers', (t) => {
    t.uuid('id').primary();
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.withSchema('mailer').createTable('settings', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('settings');
  await knex.schema.withSchema('mailer').dropTable('send_workers');
}
