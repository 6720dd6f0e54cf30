/**
 * Publishes or unpublishes an article. Publishing keeps an earlier publication date (a
 * re-published article keeps its place in the list) and sets now otherwise. Either is a write:
 * the version goes up, so an editor still holding the version before it saves a stale copy no more.
 */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, contentTable, type ArticleRow } from './article-row.ts';

export async function setArticlePublished(knex: Knex, id: number, published: boolean): Promise<ArticleRow | undefined> {
  const [row] = await contentTable(knex, 'articles')
    .where({ id })
    .update(
      published
        ? {
            status: 'published',
            published_at: knex.raw('coalesce(published_at, now())'),
            version: knex.raw('version + 1'),
            updated_at: knex.fn.now(),
          }
        : { status: 'draft', version: knex.raw('version + 1'), updated_at: knex.fn.now() },
    )
    .returning(ARTICLE_COLUMNS);
  return row;
}
