/**
 * Named events from the event pixel, one row per hit, written in batches; idempotent on
 * `(event_id, hit_index)` like page views, BRIN on `occurred_at` for time ranges. Free-form
 * properties stay as jsonb for drill-downs and goal definitions.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('analytics').createTable('events', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('event_id').notNullable();
    t.integer('hit_index').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('session_id').notNullable();
    t.text('name').notNullable();
    t.text('category').notNullable();
    t.text('action');
    t.text('label');
    t.double('value');
    t.text('path');
    t.jsonb('properties');
    t.unique(['event_id', 'hit_index'], { indexName: 'events_event_hit_key' });
  });
  await knex.raw('create index events_occurred_at_brin on analytics.events using brin (occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('analytics').dropTable('events');
}
