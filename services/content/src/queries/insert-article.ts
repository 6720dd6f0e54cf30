/** Stores a new article (a draft unless told otherwise) and returns it. */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, contentTable, type ArticleFields, type ArticleRow } from './article-row.ts';

export async function insertArticle(
  knex: Knex,
  fields: ArticleFields & Partial<Pick<ArticleRow, 'status' | 'published_at'>>,
): Promise<ArticleRow> {
  const [row] = await contentTable(knex, 'articles').insert(fields).returning(ARTICLE_COLUMNS);
  return row!;
}
