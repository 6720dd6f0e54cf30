/**
 * Rate-limit and sign-in throttle counters shared by every gateway replica: one row per
 * bucket (a limit's name and key, e.g. `contact_form:203.0.113.9`), counting hits in a window
 * that opens at its first hit. Times are epoch milliseconds; rows past `reset_at` are pruned.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').createTable('rate_counters', (t) => {
    t.text('bucket').primary();
    t.integer('count').notNullable();
    t.bigInteger('reset_at').notNullable();
    t.bigInteger('last_at').notNullable();
    t.index(['reset_at'], 'rate_counters_reset_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTable('rate_counters');
}
