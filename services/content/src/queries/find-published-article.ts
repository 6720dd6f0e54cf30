/** One published article by slug; undefined when missing or not published. */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, type ArticleRow } from './article-row.ts';

export async function findPublishedArticle(knex: Knex, slug: string): Promise<ArticleRow | undefined> {
  return knex.withSchema('content').table('articles').where({ slug, status: 'published' }).first(ARTICLE_COLUMNS);
}
