/**
 * A contact's e-mail activity (sent, opened, clicked) is the mailer's: the gateway asks it by the
 * contact's address for the history. crm keeps no copy, so the table it never filled goes.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTableIfExists('contact_activity');
}

export async function down(knex: Knex): Promise<void> {
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
