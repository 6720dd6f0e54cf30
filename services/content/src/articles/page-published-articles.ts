/**
 * One page of the public list: articles newest first, added while the serialised reply stays
 * within PUBLISHED_PAGE_MAX_BYTES (NATS refuses messages over max_payload), then a cursor for
 * the next page. The cursor is the last row's keyset position and how many came before, so
 * the list as a whole still stops at PUBLIC_LIST_LIMIT. A page always carries at least one
 * article, so paging always ends.
 */
import {
  PUBLISHED_PAGE_MAX_BYTES,
  type BlogArticle,
  type BlogArticleCard,
  type PublishedArticlesPage,
} from '@lp/contracts';
import { badRequest, type Knex } from '@lp/runtime';
import * as v from 'valibot';
import {
  listPublishedArticles,
  PUBLIC_LIST_LIMIT,
  type PublishedListRow,
  type PublishedPosition,
} from '../queries/list-published-articles.ts';
import { readBlogRevision } from '../queries/read-blog-revision.ts';
import { toBlogArticle, toBlogArticleCard } from './to-article.ts';

/** Rows read per query: few when they carry bodies (a page holds only a handful of long ones). */
const batchRows = (withContent: boolean) => (withContent ? 10 : 100);
/** Room left for the reply envelope, `lastModified` and the cursor around the articles. */
const ENVELOPE_BYTES = 1024;

const CursorSchema = v.object({
  t: v.pipe(v.string(), v.isoTimestamp()),
  i: v.pipe(v.number(), v.integer(), v.minValue(1)),
  n: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PUBLIC_LIST_LIMIT)),
});
type Cursor = { after?: PublishedPosition; count: number };

const encodeCursor = ({ after, count }: Required<Cursor>) =>
  Buffer.from(JSON.stringify({ t: after.publishedAt, i: after.id, n: count })).toString('base64url');

function decodeCursor(cursor: string | undefined): Cursor {
  if (!cursor) return { count: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = v.safeParse(CursorSchema, parsed);
  if (!result.success) throw badRequest('Unknown cursor', { fields: { cursor: ['Unknown cursor'] } });
  return { after: { publishedAt: result.output.t, id: result.output.i }, count: result.output.n };
}

function toPublic(row: PublishedListRow, withContent: boolean): BlogArticle | BlogArticleCard {
  if (withContent && row.content_html !== undefined) return toBlogArticle({ ...row, content_html: row.content_html });
  return toBlogArticleCard(row);
}

type PageInput<C extends boolean> = { cursor?: string | undefined; withContent: C };

export function pagePublishedArticles(knex: Knex, input: PageInput<true>): Promise<PublishedArticlesPage<BlogArticle>>;
export function pagePublishedArticles(
  knex: Knex,
  input: PageInput<false>,
): Promise<PublishedArticlesPage<BlogArticleCard>>;
export async function pagePublishedArticles(
  knex: Knex,
  input: PageInput<boolean>,
): Promise<PublishedArticlesPage<BlogArticle | BlogArticleCard>> {
  const start = decodeCursor(input.cursor);
  const lastModified = (await readBlogRevision(knex)).toISOString();
  const articles: (BlogArticle | BlogArticleCard)[] = [];
  const budget = PUBLISHED_PAGE_MAX_BYTES - ENVELOPE_BYTES;
  let bytes = 0;
  let { after, count } = start;
  for (;;) {
    const limit = Math.min(batchRows(input.withContent), PUBLIC_LIST_LIMIT - count);
    if (limit <= 0) break;
    const rows = await listPublishedArticles(knex, {
      ...(after ? { after } : {}),
      limit,
      withContent: input.withContent,
    });
    for (const row of rows) {
      const article = toPublic(row, input.withContent);
      const size = Buffer.byteLength(JSON.stringify(article)) + 1; // and its comma
      if (articles.length > 0 && bytes + size > budget && after)
        return { articles, lastModified, nextCursor: encodeCursor({ after, count }) };
      articles.push(article);
      bytes += size;
      after = { publishedAt: row.position_at, id: row.id };
      count += 1;
    }
    if (rows.length < limit) break;
  }
  return { articles, lastModified, nextCursor: null };
}
