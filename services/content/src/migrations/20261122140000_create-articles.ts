/** Blog articles: Markdown source, its sanitised HTML, tags, status and publication dates. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').createTable('articles', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('title').notNullable();
    t.text('summary').notNullable();
    t.text('content_markdown').notNullable();
    t.text('content_html').notNullable();
    t.text('cover_image');
    t.specificType('tags', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('draft');
    t.integer('read_time').notNullable().defaultTo(1);
    t.timestamp('published_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table content.articles
    add constraint articles_status_check check (status in ('draft', 'published')),
    add constraint articles_published_has_date check (status <> 'published' or published_at is not null),
    add constraint articles_read_time_check check (read_time >= 1)`);
  await knex.raw(
    `create index articles_published_idx on content.articles (published_at desc, id desc) where status = 'published'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').dropTable('articles');
}
