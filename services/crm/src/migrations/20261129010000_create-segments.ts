/**
 * Segments: saved filters over contacts (`filter` as contracts' SegmentFilterSchema, checked by
 * crm before it is stored). Names are unique in any letter case; a change of the name or the
 * filter moves the version on (an edit opened before is refused, as for lists).
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').createTable('segments', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.jsonb('filter').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.raw('create unique index segments_name_lower_idx on crm.segments (lower(name))');
  await knex.raw(`
    create trigger segments_bump_version before update on crm.segments for each row
    when ((old.name, old.filter) is distinct from (new.name, new.filter))
    execute function crm.bump_version()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').dropTable('segments');
}
