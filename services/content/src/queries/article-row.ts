/**
 * The content tables' rows, shared by the content queries (`content.articles` and the blog's
 * revision stamp), and the typed accessor to them (runtime db/table.ts).
 */
import { schemaTables } from '@lp/runtime';

export type ArticleRow = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  content_markdown: string;
  content_html: string;
  cover_image: string | null;
  tags: string[];
  status: 'draft' | 'published';
  read_time: number;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  version: number;
};

/** The one row saying when the blog last changed. */
export type BlogRevisionRow = { id: number; changed_at: Date };

export type ContentTables = { articles: ArticleRow; blog_revision: BlogRevisionRow };

export const contentTable = schemaTables<ContentTables>('content');

/** The columns an article write may set. */
export type ArticleFields = Pick<
  ArticleRow,
  'slug' | 'title' | 'summary' | 'content_markdown' | 'content_html' | 'cover_image' | 'tags' | 'read_time'
>;

export const ARTICLE_COLUMNS = [
  'id',
  'slug',
  'title',
  'summary',
  'content_markdown',
  'content_html',
  'cover_image',
  'tags',
  'status',
  'read_time',
  'published_at',
  'created_at',
  'updated_at',
  'version',
] as const;

/** Staff list rows leave out the two bodies. */
export const ARTICLE_SUMMARY_COLUMNS = ARTICLE_COLUMNS.filter((c) => c !== 'content_markdown' && c !== 'content_html');
