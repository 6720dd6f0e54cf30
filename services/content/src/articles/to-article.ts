/**
 * Rows → the contracts' article shapes. The stored HTML is sanitised again on the way out (the
 * "on serve" pass), and a cover image from a host the image policy does not allow is left out,
 * so content written before a policy change, or edited in the database by
 * hand, still leaves the service clean. Results are memoised by content hash: cheap on repeat.
 */
import { createHash } from 'node:crypto';
import {
  isAllowedCoverImage,
  type BlogArticle,
  type BlogArticleCard,
  type StaffBlogArticle,
  type StaffBlogArticleSummary,
} from '@lp/contracts';
import { sanitizeArticleHtml } from '../markdown/sanitize-article-html.ts';
import type { ArticleRow } from '../queries/article-row.ts';

const SERVED_CACHE_MAX = 256;
const served = new Map<string, string>();

function servedHtml(stored: string): string {
  const key = createHash('sha1').update(stored).digest('base64');
  let html = served.get(key);
  if (html === undefined) {
    html = sanitizeArticleHtml(stored);
    if (served.size >= SERVED_CACHE_MAX) served.delete(served.keys().next().value as string);
    served.set(key, html);
  }
  return html;
}

const servedCover = (src: string | null) => (src !== null && isAllowedCoverImage(src) ? src : null);

type SummaryRow = Omit<ArticleRow, 'content_markdown' | 'content_html'>;

export function toStaffSummary(row: SummaryRow): StaffBlogArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: servedCover(row.cover_image),
    tags: row.tags ?? [],
    status: row.status,
    publishedAt: row.published_at?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    readTime: row.read_time,
    version: row.version,
  };
}

export function toStaffArticle(row: ArticleRow): StaffBlogArticle {
  return { ...toStaffSummary(row), content: servedHtml(row.content_html), contentMarkdown: row.content_markdown };
}

/** Only for published rows (they always have a publication date). */
export function toBlogArticleCard(row: SummaryRow): BlogArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: servedCover(row.cover_image),
    tags: row.tags ?? [],
    publishedAt: (row.published_at ?? row.updated_at).toISOString(),
    updatedAt: row.updated_at.toISOString(),
    readTime: row.read_time,
  };
}

/** Only for published rows; the card plus the body, sanitised on serve. */
export function toBlogArticle(row: SummaryRow & Pick<ArticleRow, 'content_html'>): BlogArticle {
  return { ...toBlogArticleCard(row), content: servedHtml(row.content_html) };
}
