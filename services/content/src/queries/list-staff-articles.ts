/** Every article for the staff list, without bodies: drafts first, then by last change. */
import type { Knex } from '@lp/runtime';
import { ARTICLE_SUMMARY_COLUMNS, type ArticleRow } from './article-row.ts';

export async function listStaffArticles(knex: Knex): Promise<Omit<ArticleRow, 'content_markdown' | 'content_html'>[]> {
  return knex
    .withSchema('content')
    .table('articles')
    .select(ARTICLE_SUMMARY_COLUMNS)
    .orderByRaw(`case when status = 'draft' then 0 else 1 end, updated_at desc, id desc`);
}
