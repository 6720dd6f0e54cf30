/** The shape of a `content.articles` row, shared by the article queries. */
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
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
};

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
