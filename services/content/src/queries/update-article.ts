/**
 * Changes some fields of an article, increments its version and stamps updated_at, only while
 * it still has the version the edit was based on; undefined when there is no such row.
 */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, contentTable, type ArticleFields, type ArticleRow } from './article-row.ts';

export type ArticleChanges = Partial<ArticleFields & Pick<ArticleRow, 'status' | 'published_at'>>;

export async function updateArticle(
  knex: Knex,
  id: number,
  version: number,
  changes: ArticleChanges,
): Promise<ArticleRow | undefined> {
  const [row] = await contentTable(knex, 'articles')
    .where({ id, version })
    .update({ ...changes, version: knex.raw('version + 1'), updated_at: knex.fn.now() })
    .returning(ARTICLE_COLUMNS);
  return row;
}
