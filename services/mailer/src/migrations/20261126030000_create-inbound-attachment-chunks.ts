/**
 * Attachment bytes of inbound messages in pieces (each at most one bus part, 512 KiB), written as
 * the parts of a framed upload are joined and read back a slice at a time, so neither needs a
 * whole file in memory. `start` is the piece's byte offset in its attachment. Attachments stored
 * before this keep their bytes in `inbound_attachments.data`.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('inbound_attachment_chunks', (t) => {
    t.integer('attachment_id').notNullable().references('id').inTable('mailer.inbound_attachments').onDelete('CASCADE');
    t.integer('start').notNullable();
    t.binary('data').notNullable();
    t.primary(['attachment_id', 'start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('inbound_attachment_chunks');
}
