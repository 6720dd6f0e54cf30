/**
 * Page views, one row per pixel hit, written in batches. `(event_id, hit_index)` names a hit
 * inside its batch event, so a redelivered batch inserts nothing twice. Read through daily
 * roll-ups later: BRIN on `occurred_at` keeps time-range scans cheap at tens of millions of
 * rows (kilobytes against a B-tree's hundreds of megabytes), and the bigserial `id` can serve
 * as a roll-up watermark.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('analytics').createTable('page_views', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('event_id').notNullable();
    t.integer('hit_index').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('path').notNullable();
    t.text('referrer');
    t.text('session_id').notNullable();
    t.text('device_type');
    t.text('browser');
    t.text('utm_source');
    t.text('utm_medium');
    t.text('utm_campaign');
    t.text('utm_term');
    t.text('utm_content');
    t.unique(['event_id', 'hit_index'], { indexName: 'page_views_event_hit_key' });
  });
  await knex.raw('create index page_views_occurred_at_brin on analytics.page_views using brin (occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('analytics').dropTable('page_views');
}
