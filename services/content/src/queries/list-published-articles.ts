/**
 * Published articles, newest first (ties broken by id, so the order is stable), one batch at a
 * time after a keyset position. `position` is the row's publication time as exact UTC text
 * (microseconds: a JavaScript Date would round them off and skip or repeat rows) and its id.
 * The Markdown source is never read; the HTML body only when asked for.
 */
import type { Knex } from '@lp/runtime';
import { ARTICLE_SUMMARY_COLUMNS, type ArticleRow } from './article-row.ts';

export const PUBLIC_LIST_LIMIT = 500;

export type PublishedPosition = { publishedAt: string; id: number };

export type PublishedListRow = Omit<ArticleRow, 'content_markdown' | 'content_html'> & {
  content_html?: string;
  position_at: string;
};

export async function listPublishedArticles(
  knex: Knex,
  opts: { after?: PublishedPosition; limit: number; withContent: boolean },
): Promise<PublishedListRow[]> {
  const query = knex
    .withSchema('content')
    .table('articles')
    .select([...ARTICLE_SUMMARY_COLUMNS, ...(opts.withContent ? ['content_html'] : [])])
    .select(knex.raw(`to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_at`))
    .where({ status: 'published' })
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(opts.limit);
  if (opts.after) query.whereRaw('(published_at, id) < (?::timestamptz, ?)', [opts.after.publishedAt, opts.after.id]);
  return query;
}
