/**
 * What happened to a delivered message: opens (proxy fetches flagged), clicks (which link),
 * bounces, complaints and unsubscribes. `event_key` de-duplicates provider webhook events.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('tracking_events', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('delivery_id').references('id').inTable('mailer.deliveries').onDelete('CASCADE');
    t.integer('campaign_id');
    t.text('kind').notNullable();
    t.integer('link_idx');
    t.boolean('is_proxy').notNullable().defaultTo(false);
    t.text('event_key').unique();
    t.text('email');
    t.text('detail');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['campaign_id', 'kind'], 'tracking_events_campaign_kind_idx');
    t.index(['delivery_id', 'kind'], 'tracking_events_delivery_kind_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('tracking_events');
}
