/**
 * Dead letters: messages a consumer can never handle (not JSON, failing their schema, or a
 * permanent error), parked with why and where from, so staff can list and replay them.
 * Both run modes keep them here (PGlite embedded, PostgreSQL distributed).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').createTable('dead_letters', (t) => {
    t.bigIncrements('id').primary();
    t.text('stream').notNullable();
    t.text('subject').notNullable();
    t.bigInteger('seq').notNullable();
    t.text('msg_id');
    t.jsonb('headers').notNullable().defaultTo('{}');
    // Bytes, not text: a payload that is not JSON may hold anything, NUL included.
    t.binary('payload').notNullable();
    t.text('durable').notNullable();
    t.text('reason').notNullable();
    t.text('detail').notNullable().defaultTo('');
    t.timestamp('parked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('replayed_at', { useTz: true });
    t.text('replay_msg_id');
    // A redelivery of a message already parked (the term was lost) parks nothing new.
    t.unique(['stream', 'durable', 'seq', 'msg_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('bus').dropTable('dead_letters');
}
