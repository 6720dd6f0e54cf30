/** The lots: one row per lot number, with status, tags, size, price, description and outline. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('inventory').createTable('lots', (t) => {
    t.integer('number').primary();
    t.text('block').notNullable();
    t.text('status').notNullable();
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.integer('size_sq_ft').notNullable();
    t.integer('price').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('outline_path').notNullable();
    t.double('label_x').notNullable();
    t.double('label_y').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('updated_by');
  });
  await knex.raw(`alter table inventory.lots
    add constraint lots_number_check check (number between 1 and 9999),
    add constraint lots_status_check check (status in ('available', 'reserved', 'sold')),
    add constraint lots_tags_check check (tags <@ array['premium-lake-view', 'featured', 'builder-package']::text[]),
    add constraint lots_size_check check (size_sq_ft > 0),
    add constraint lots_price_check check (price > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('inventory').dropTable('lots');
}
