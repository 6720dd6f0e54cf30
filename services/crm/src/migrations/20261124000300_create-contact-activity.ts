/**
 * E-mail activity of a contact (sent, opened, clicked), shown in its history. The mailer's
 * delivery and tracking events are stored here (one row per event id), so crm answers the
 * whole history from its own schema.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('contact_activity', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('event_id').notNullable().unique();
    t.integer('contact_id').notNullable().references('id').inTable('crm.contacts').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('subject');
    t.text('url');
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.index(['contact_id', 'occurred_at'], 'contact_activity_contact_idx');
  });
  await knex.raw(
    "alter table crm.contact_activity add constraint contact_activity_kind_check check (kind in ('email_sent', 'email_opened', 'email_clicked'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('contact_activity');
}
