/**
 * Journeys gain their exits (`exits`: whether a reply, or being marked a customer, ends a
 * contact's journey; unsubscribed and bounced always do) and each entry the lot that let the
 * contact in (`lot_number`: the lot asked about, viewed or changed; null for other triggers),
 * which a branch on a lot's status reads.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('journeys', (t) => {
    t.jsonb('exits')
      .notNullable()
      .defaultTo(JSON.stringify({ replied: true, customer: true }));
  });
  await knex.schema.withSchema('mailer').alterTable('journey_entries', (t) => {
    t.integer('lot_number');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('journey_entries', (t) => t.dropColumn('lot_number'));
  await knex.schema.withSchema('mailer').alterTable('journeys', (t) => t.dropColumn('exits'));
}
