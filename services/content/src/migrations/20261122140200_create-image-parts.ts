/** Parts of an image upload in progress (uploads arrive over NATS in parts; any replica may take one). */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').createTable('image_parts', (t) => {
    t.uuid('upload_id').notNullable();
    t.integer('index').notNullable();
    t.binary('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['upload_id', 'index']);
    t.index(['created_at'], 'image_parts_created_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').dropTable('image_parts');
}
