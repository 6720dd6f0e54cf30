/** Campaigns (staff dashboard §3): one row per single send or scheduled broadcast. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('campaigns', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('status').notNullable().defaultTo('draft');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('scheduled_for', { useTz: true });
    t.integer('sent_count').notNullable().defaultTo(0);
    t.integer('total_recipients').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('campaigns');
}
