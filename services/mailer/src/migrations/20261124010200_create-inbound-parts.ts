/**
 * Parts of inbound messages on their way in: a message travels over JetStream in parts (NATS's
 * max_payload); they wait here until the last one arrives, then are joined and deleted.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('inbound_parts', (t) => {
    t.text('upload_key').notNullable();
    t.integer('index').notNullable();
    t.integer('count').notNullable();
    t.text('mail_key').notNullable();
    t.binary('data').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['upload_key', 'index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('inbound_parts');
}
