/**
 * A reply to a broadcast names the campaign message it answers (In-Reply-To/References carry
 * the `<d{delivery}.c{campaign}@host>` Message-ID the send worker gave it): the inbound message
 * keeps the campaign, delivery and contact it was linked to (null when its headers name none).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('inbound_messages', (t) => {
    t.integer('campaign_id').references('id').inTable('mailer.campaigns').onDelete('SET NULL');
    t.bigInteger('delivery_id').references('id').inTable('mailer.deliveries').onDelete('SET NULL');
    t.integer('contact_id');
    t.index(['campaign_id'], 'inbound_messages_campaign_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('inbound_messages', (t) => {
    t.dropIndex(['campaign_id'], 'inbound_messages_campaign_idx');
    t.dropColumn('campaign_id');
    t.dropColumn('delivery_id');
    t.dropColumn('contact_id');
  });
}
