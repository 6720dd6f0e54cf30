/** E-mail templates (staff dashboard §3 Template): sanitised HTML with merge tags. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').createTable('templates', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.text('subject').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('content').notNullable();
    t.text('preview_text').notNullable().defaultTo('');
    t.text('category').notNullable().defaultTo('Custom');
    t.text('thumbnail_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTable('templates');
}
