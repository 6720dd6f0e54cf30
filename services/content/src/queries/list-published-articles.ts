/** Published articles, newest first (ties broken by id, so the order is stable). */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, type ArticleRow } from './article-row.ts';

export const PUBLIC_LIST_LIMIT = 500;

export async function listPublishedArticles(knex: Knex): Promise<ArticleRow[]> {
  return knex
    .withSchema('content')
    .table('articles')
    .select(ARTICLE_COLUMNS)
    .where({ status: 'published' })
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(PUBLIC_LIST_LIMIT);
}
