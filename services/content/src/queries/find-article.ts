/** One article by id, any status. */
import type { Knex } from '@lp/runtime';
import { ARTICLE_COLUMNS, type ArticleRow } from './article-row.ts';

export async function findArticle(knex: Knex, id: number): Promise<ArticleRow | undefined> {
  return knex.withSchema('content').table('articles').where({ id }).first(ARTICLE_COLUMNS);
}
