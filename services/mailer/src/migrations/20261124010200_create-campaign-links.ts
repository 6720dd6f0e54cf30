/** The links of a campaign's message, numbered: a click redirect goes only to one of these. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('campaign_links', (t) => {
    t.integer('campaign_id').notNullable().references('id').inTable('mailer.campaigns').onDelete('CASCADE');
    t.integer('idx').notNullable();
    t.text('url').notNullable();
    t.primary(['campaign_id', 'idx']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('campaign_links');
}
