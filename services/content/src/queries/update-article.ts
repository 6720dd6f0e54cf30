/** Changes some fields of an article and stamps updated_at; undefined when it does not exist. */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, type ArticleFields, type ArticleRow } from './article-row.ts';

export type ArticleChanges = Partial<ArticleFields & Pick<ArticleRow, 'status' | 'published_at'>>;

export async function updateArticle(knex: Knex, id: number, changes: ArticleChanges): Promise<ArticleRow | undefined> {
  const [row] = await knex
    .withSchema('content')
    .table('articles')
    .where({ id })
    .update({ ...changes, updated_at: knex.fn.now() })
    .returning(ARTICLE_COLUMNS);
  return row as ArticleRow | undefined;
}
