/**
 * One row per recipient of a campaign: claimed (`sending`) before the SMTP transaction, marked
 * after it (`sent`, `failed`, `outbox`), back to `pending` with a later `next_attempt_at` on a
 * 4xx reply, `unknown` when its sender died mid-transaction (never resent blindly).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('deliveries', (t) => {
    t.bigIncrements('id').primary();
    t.integer('campaign_id').notNullable().references('id').inTable('mailer.campaigns').onDelete('CASCADE');
    t.integer('contact_id').notNullable();
    t.text('email').notNullable();
    t.text('first_name').notNullable().defaultTo('');
    t.text('last_name').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('claimed_by');
    t.timestamp('claimed_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.text('error');
    t.unique(['campaign_id', 'contact_id']);
    t.index(['campaign_id', 'status'], 'deliveries_campaign_status_idx');
    t.index(['sent_at'], 'deliveries_sent_at_idx');
  });
  await knex.raw(
    "create index deliveries_pending_idx on mailer.deliveries (next_attempt_at, id) where status = 'pending'",
  );
  await knex.raw("create index deliveries_sending_idx on mailer.deliveries (claimed_by) where status = 'sending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('deliveries');
}
