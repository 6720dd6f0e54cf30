/**
 * Inbound mail no longer travels over JetStream in parts: the gateway hands each post over
 * whole (`rpc.mailer.inbound.receive`), so the table where parts waited for the rest of their
 * message has no more writers. Deployed once the old `mailer-inbound` durable has nothing
 * pending, what is still here belongs to posts never answered 200 (some of their parts never
 * reached the bus), which their providers post again.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTableIfExists('inbound_parts');
}

export async function down(knex: Knex): Promise<void> {
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
