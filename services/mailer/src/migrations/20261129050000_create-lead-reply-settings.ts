/**
 * The settings of what is sent on every new lead: one row (id 1), everything off until an owner
 * turns it on. `replies` is a JSON object by interest (`{ enabled, templateId }` each), `alert_*`
 * the staff alert, its recipients a JSON array of `{ staffId, username, email }` (staff accounts
 * live in the gateway; the mailer keeps the addresses it sends to). `active_from` is when the
 * settings came to be: a submission from before it (replayed by the new durable from the CRM
 * stream) is never answered. `next_alert` is the round-robin's turn, moved on by each alert.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('lead_reply_settings', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.jsonb('replies').notNullable().defaultTo('{}');
    t.boolean('alert_enabled').notNullable().defaultTo(false);
    t.text('alert_mode').notNullable().defaultTo('all');
    t.jsonb('alert_recipients').notNullable().defaultTo('[]');
    t.integer('next_alert').notNullable().defaultTo(0);
    t.timestamp('active_from', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true });
    t.text('updated_by');
  });
  await knex.raw(
    `alter table mailer.lead_reply_settings
       add constraint lead_reply_settings_one_row check (id = 1),
       add constraint lead_reply_settings_alert_mode check (alert_mode in ('all', 'round_robin'))`,
  );
  await knex.withSchema('mailer').table('lead_reply_settings').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('lead_reply_settings');
}
