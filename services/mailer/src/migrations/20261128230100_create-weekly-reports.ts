/**
 * One row per weekly report sent, keyed by the site day of its slot: a sender claims the week by
 * inserting the row (`on conflict do nothing`), so replicas and restarts send each week's report
 * once. `status` is `sending` from the claim until the relay answered for every recipient (a
 * sender that stopped in between leaves it so: never resent on its own), then `sent`, `failed`
 * or `outbox` (no SMTP configured).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('weekly_reports', (t) => {
    t.date('slot_day').primary();
    t.date('period_from').notNullable();
    t.date('period_to').notNullable();
    t.text('status').notNullable().defaultTo('sending');
    t.uuid('claimed_by').notNullable();
    t.integer('sent_to').notNullable().defaultTo(0);
    t.text('detail');
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('weekly_reports');
}
