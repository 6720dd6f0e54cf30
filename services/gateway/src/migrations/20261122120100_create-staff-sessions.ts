/** Staff sessions: opaque tokens stored as SHA-256 hashes, with expiry and revocation. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').createTable('staff_sessions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('gateway.staff_users').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id'], 'staff_sessions_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTable('staff_sessions');
}
