/** Streams of the embedded bus: stored messages and each durable consumer's ack floor. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').createTable('messages', (t) => {
    t.text('stream').notNullable();
    t.bigInteger('seq').notNullable();
    t.text('subject').notNullable();
    t.text('msg_id');
    t.jsonb('headers').notNullable().defaultTo('{}');
    t.text('data').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable();
    t.primary(['stream', 'seq']);
  });
  await knex.schema.withSchema('bus').createTable('consumers', (t) => {
    t.text('stream').notNullable();
    t.text('durable').notNullable();
    t.bigInteger('ack_floor').notNullable().defaultTo(0);
    t.primary(['stream', 'durable']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').dropTable('consumers');
  await knex.schema.withSchema('bus').dropTable('messages');
}
