/**
 * Inbound messages (staff dashboard §3 "Inbox email"): one row per Message-ID, whichever
 * provider delivered it and however often. `body_html` is already sanitised.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('inbound_messages', (t) => {
    t.increments('id').primary();
    t.text('message_id').notNullable().unique();
    /** sha256 of message_id: how parts name their message. */
    t.text('mail_key').notNullable().unique();
    t.text('source').notNullable();
    t.text('from_name').notNullable();
    t.text('from_email').notNullable();
    t.text('to_text').notNullable();
    t.text('cc_text').notNullable();
    t.text('subject').notNullable();
    t.text('body_text').notNullable();
    t.text('body_html').notNullable();
    t.boolean('has_remote_images').notNullable().defaultTo(false);
    t.text('in_reply_to');
    t.jsonb('references').notNullable().defaultTo('[]');
    t.text('headers').notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('is_read').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('inbox');
    t.boolean('has_attachments').notNullable().defaultTo(false);
  });
  await knex.raw(
    'create index inbound_messages_status_received_idx on mailer.inbound_messages (status, received_at desc, id desc)',
  );
  await knex.raw('create index inbound_messages_from_idx on mailer.inbound_messages (lower(from_email))');
  await knex.raw('create index inbound_messages_in_reply_to_idx on mailer.inbound_messages (in_reply_to)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('inbound_messages');
}
