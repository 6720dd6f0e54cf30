/**
 * Attachments of inbound messages, deleted with their message. `data` is null for a file that
 * was over a cap (listed with its name and size, not kept).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('inbound_attachments', (t) => {
    t.increments('id').primary();
    t.integer('inbound_message_id')
      .notNullable()
      .references('id')
      .inTable('mailer.inbound_messages')
      .onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('filename').notNullable();
    t.text('content_type').notNullable();
    t.text('content_id');
    t.integer('size').notNullable();
    t.binary('data');
    t.text('skipped_reason');
  });
  await knex.raw(
    'create index inbound_attachments_message_idx on mailer.inbound_attachments (inbound_message_id, position)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('inbound_attachments');
}
