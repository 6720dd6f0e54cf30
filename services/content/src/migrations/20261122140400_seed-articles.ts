/**
 * Data: the blog's six launch articles with their cover images, published. Runs only into an
 * empty articles table, so it never touches a blog staff have already written in.
 */
import { createHash } from 'node:crypto';
import type { Knex } from '@lp/runtime';
import { mediaPathOf } from '@lp/contracts';
import { prepareBody } from '../articles/prepare-article-fields.ts';
import { readSeedCover, readSeedMarkdown, SEED_ARTICLES } from '../seed/seed-articles.ts';

export async function up(knex: Knex): Promise<void> {
  const [row] = await knex.withSchema('content').table('articles').count<{ count: number }[]>({ count: '*' });
  if (Number(row?.count ?? 0) > 0) return;
  for (const a of SEED_ARTICLES) {
    const svg = readSeedCover(a.cover);
    const sha256 = createHash('sha256').update(svg).digest('hex');
    await knex
      .withSchema('content')
      .table('images')
      .insert({ sha256, content_type: 'image/svg+xml', size: svg.length, data: svg })
      .onConflict('sha256')
      .ignore();
    await knex
      .withSchema('content')
      .table('articles')
      .insert({
        slug: a.slug,
        title: a.title,
        summary: a.summary,
        ...prepareBody(readSeedMarkdown(a.slug)),
        cover_image: mediaPathOf(sha256, 'image/svg+xml'),
        tags: a.tags,
        status: 'published',
        published_at: a.publishedAt,
        created_at: a.publishedAt,
        updated_at: a.publishedAt,
      });
  }
  await knex.withSchema('content').table('blog_revision').where({ id: 1 }).update({ changed_at: knex.fn.now() });
}

export async function down(knex: Knex): Promise<void> {
  await knex
    .withSchema('content')
    .table('articles')
    .whereIn(
      'slug',
      SEED_ARTICLES.map((a) => a.slug),
    )
    .delete();
}
