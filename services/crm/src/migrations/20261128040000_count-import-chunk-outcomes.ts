/**
 * A re-sent import chunk answers what it did the first time: with the choice of what to do with
 * known contacts, that is also how many it left unchanged and how many it skipped.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('import_chunks', (t) => {
    t.integer('unchanged').notNullable().defaultTo(0);
    t.integer('skipped').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('crm').alterTable('import_chunks', (t) => {
    t.dropColumn('unchanged');
    t.dropColumn('skipped');
  });
}
