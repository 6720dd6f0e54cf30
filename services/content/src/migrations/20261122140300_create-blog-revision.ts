/**
 * One row that changes with every article write (also deletes and unpublishes, which leave no
 * article behind to date): the public list's Last-Modified, so If-Modified-Since stays correct.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').createTable('blog_revision', (t) => {
    t.integer('id').primary();
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table content.blog_revision add constraint blog_revision_single_row check (id = 1)');
  await knex.withSchema('content').table('blog_revision').insert({ id: 1 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').dropTable('blog_revision');
}
