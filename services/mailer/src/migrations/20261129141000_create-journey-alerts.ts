/**
 * The staff alerts of journeys' `alert_staff` steps:
 * - `journey_alerts`: one row per entry and step (the outbox), written in the transaction that
 *   runs the step, with the recipients chosen then. The alert worker leases a pending row
 *   (`next_attempt_at` moved a minute on), gathers what the alert says, claims it (`sending`)
 *   before handing it to SMTP and settles it (`sent`, `failed`, `outbox` without SMTP); a relay
 *   that took nothing puts it back to `pending` for later. A claim whose sender stopped stays
 *   `sending` and is read as `unknown` after a while: the relay may have taken it, it is never
 *   sent again.
 * - `journey_alert_turns`: each round-robin step's next turn among its recipients, durable.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('journey_alerts', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('entry_id').notNullable().references('id').inTable('mailer.journey_entries').onDelete('CASCADE');
    t.text('step_id').notNullable();
    t.integer('journey_id').notNullable();
    t.integer('contact_id').notNullable();
    t.text('email').notNullable();
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.integer('lot_number');
    t.jsonb('recipients').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('detail');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('claimed_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.unique(['entry_id', 'step_id']);
  });
  await knex.raw(
    `alter table mailer.journey_alerts add constraint journey_alerts_status
       check (status in ('pending', 'sending', 'sent', 'failed', 'outbox', 'unknown'))`,
  );
  await knex.raw(
    `create index journey_alerts_due_idx on mailer.journey_alerts (next_attempt_at, id) where status = 'pending'`,
  );
  await knex.raw(
    `create index journey_alerts_sending_idx on mailer.journey_alerts (claimed_at) where status = 'sending'`,
  );
  await knex.schema.withSchema('mailer').createTable('journey_alert_turns', (t) => {
    t.integer('journey_id').notNullable().references('id').inTable('mailer.journeys').onDelete('CASCADE');
    t.text('step_id').notNullable();
    t.integer('next_turn').notNullable().defaultTo(0);
    t.primary(['journey_id', 'step_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('journey_alert_turns');
  await knex.schema.withSchema('mailer').dropTable('journey_alerts');
}
