/**
 * Cover and body images, content-addressed by SHA-256 and kept in Postgres (bytea, at most
 * 5 MB each): every gateway replica and every content replica reads the same bytes, with no
 * shared volume to provision or back up separately.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').createTable('images', (t) => {
    t.text('sha256').primary();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').dropTable('images');
}
