/**
 * A follow-up campaign names the campaign it follows up (sent to those who did not open or click
 * it); the link is dropped, not the follow-up, when that campaign is deleted.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    t.integer('follow_up_of').references('id').inTable('mailer.campaigns').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').alterTable('campaigns', (t) => {
    t.dropColumn('follow_up_of');
  });
}
