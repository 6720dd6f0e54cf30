/**
 * The blog (public site spec §2, §3, §5): articles as visitors and staff read them, the staff
 * editor's payloads, cover-image limits, and the request payloads the gateway sends to the
 * content service. The editor form, the gateway and the service validate with these schemas.
 */
import * as v from 'valibot';
import { storable } from './text.ts';

/** An article as the public API serves it (spec §3). `content` is sanitised HTML. */
export type BlogArticle = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  content: string;
  /** A URL path (`/media/<sha256>.<ext>`) or an absolute https URL; null when there is none. */
  coverImage: string | null;
  tags: string[];
  publishedAt: string;
  updatedAt: string;
  /** Minutes, at least 1. */
  readTime: number;
};

export const BLOG_ARTICLE_STATUSES = ['draft', 'published'] as const;
export type BlogArticleStatus = (typeof BLOG_ARTICLE_STATUSES)[number];

/** An article as staff edit it: any status, with its Markdown source. */
export type StaffBlogArticle = Omit<BlogArticle, 'publishedAt'> & {
  status: BlogArticleStatus;
  publishedAt: string | null;
  createdAt: string;
  contentMarkdown: string;
};

/** A row of the staff list: everything but the two bodies. */
export type StaffBlogArticleSummary = Omit<StaffBlogArticle, 'content' | 'contentMarkdown'>;

/** An article without its body: enough for cards, related articles and the sitemap. */
export type BlogArticleCard = Omit<BlogArticle, 'content'>;

/** The whole public list as the gateway assembles it from pages; it sends `articles` only. */
export type PublishedArticles<A extends BlogArticleCard = BlogArticle> = { articles: A[]; lastModified: string };

// ---------------------------------------------------------------- cover images

/** Types an upload may have; checked against the file's magic bytes, not only the header. */
export const BLOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export type BlogImageType = (typeof BLOG_IMAGE_TYPES)[number];
/** Stored types: the uploadable ones plus SVG, which only the seed data (our own drawings) uses. */
export type StoredImageType = BlogImageType | 'image/svg+xml';
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_EXTENSIONS: Record<StoredImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/** `/media/<sha256>.<ext>`: content-addressed, so it can be cached for a year. */
export const MEDIA_PATH_PATTERN = /^\/media\/([a-f0-9]{64})\.(jpg|png|webp|avif|gif|svg)$/;
export const mediaPathOf = (sha256: string, type: StoredImageType) => `/media/${sha256}.${IMAGE_EXTENSIONS[type]}`;

export type BlogImage = { url: string; sha256: string; contentType: StoredImageType; size: number };

// ---------------------------------------------------------------- editor payloads

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_TAGS_MAX = 10;

const requiredText = (message: string, max: number) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, `At most ${max} characters`),
    storable(),
  );

/** A slug as staff may type it; '' means "make one from the title". */
export const SlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100, 'At most 100 characters'),
  v.check((s) => s === '' || SLUG_PATTERN.test(s), 'Use lowercase letters, digits and single hyphens'),
);

/** Field schemas, exported so the editor form can reuse them one by one. */
export const BlogArticleFields = {
  title: requiredText('Title is required', 200),
  /** '' (or absent on create) means "make one from the title". */
  slug: v.optional(SlugSchema),
  summary: requiredText('Summary is required', 500),
  // Stays under the gateway's 64 kB JSON body limit with room for the other fields and escaping.
  contentMarkdown: requiredText('Content is required', 50_000),
  coverImage: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(500, 'At most 500 characters'),
        v.check(
          (s) => s === '' || MEDIA_PATH_PATTERN.test(s) || /^https:\/\/[^\s"'<>]+$/.test(s),
          'Upload an image or give an https:// address',
        ),
        storable(),
        v.transform((s) => s || null),
      ),
    ),
  ),
  tags: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('Tags are text'),
          v.trim(),
          v.minLength(1, 'A tag cannot be empty'),
          v.maxLength(40, 'A tag has at most 40 characters'),
          storable(),
        ),
      ),
      v.maxLength(BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`),
    ),
  ),
  publishedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('Give a date and time'))),
};

/** `POST /api/marketing/blog/articles`: a new draft. */
export const BlogArticleCreateSchema = v.object({
  title: BlogArticleFields.title,
  slug: BlogArticleFields.slug,
  summary: BlogArticleFields.summary,
  contentMarkdown: BlogArticleFields.contentMarkdown,
  coverImage: BlogArticleFields.coverImage,
  tags: BlogArticleFields.tags,
});
export type BlogArticleCreate = v.InferOutput<typeof BlogArticleCreateSchema>;

/** `PATCH /api/marketing/blog/articles/:id`: any subset of the fields. */
export const BlogArticleUpdateSchema = v.partial(v.object(BlogArticleFields));
export type BlogArticleUpdate = v.InferOutput<typeof BlogArticleUpdateSchema>;

// ---------------------------------------------------------------- gateway → content service

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const sha256 = v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/));

export const ArticleIdInputSchema = v.object({ id });
export const ArticleSlugInputSchema = v.object({ slug: v.pipe(v.string(), v.maxLength(200), storable()) });
export const ArticleUpdateInputSchema = v.object({ id, patch: BlogArticleUpdateSchema });

/**
 * The published list travels in pages: NATS refuses a message over max_payload (1 MB by
 * default), and every article's body together outgrows it. The content service fills a page
 * up to this many bytes of serialised reply and hands back a cursor for the next one; the
 * gateway asks until the cursor is null. `withContent: false` leaves the bodies out (cards,
 * related articles, the sitemap), so those lists usually fit one page.
 */
export const PUBLISHED_PAGE_MAX_BYTES = 512 * 1024;
export const PublishedArticlesPageInputSchema = v.nullish(
  v.object({
    /** Opaque: the `nextCursor` of the page before; absent for the first page. */
    cursor: v.optional(v.pipe(v.string(), v.maxLength(500))),
    withContent: v.optional(v.boolean(), true),
  }),
);
export type PublishedArticlesPageInput = v.InferInput<typeof PublishedArticlesPageInputSchema>;

/** One page of the published list, newest first; `nextCursor` is null on the last page. */
export type PublishedArticlesPage<A extends BlogArticleCard = BlogArticle> = PublishedArticles<A> & {
  nextCursor: string | null;
};

/**
 * Images travel over NATS in parts: the server's default max_payload is 1 MB, smaller than a
 * 5 MB image in base64. Parts are staged in the database, so any replica may take any part.
 */
export const IMAGE_PART_BYTES = 384 * 1024;
const IMAGE_PARTS_MAX = Math.ceil(BLOG_IMAGE_MAX_BYTES / IMAGE_PART_BYTES);

export const ImagePartInputSchema = v.object({
  uploadId: v.pipe(v.string(), v.uuid()),
  index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(IMAGE_PARTS_MAX - 1)),
  dataBase64: v.pipe(v.string(), v.maxLength(Math.ceil(IMAGE_PART_BYTES / 3) * 4)),
});
export const ImageCompleteInputSchema = v.object({
  uploadId: v.pipe(v.string(), v.uuid()),
  parts: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(IMAGE_PARTS_MAX)),
  /** What the uploader declared; the stored type is what the bytes are. */
  declaredType: v.pipe(v.string(), v.maxLength(200)),
});
export const ImageReadInputSchema = v.object({ sha256, offset: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** One slice of a stored image (at most IMAGE_PART_BYTES). */
export type ImageSlice = {
  sha256: string;
  contentType: StoredImageType;
  size: number;
  offset: number;
  dataBase64: string;
};

/**
 * Elements an article body may contain once its Markdown is rendered: the one allow-list of
 * the server's sanitiser and the editor's live preview. (`h1` is not in it: the article's
 * title is the page's h1, so the server turns body h1s into h2s.)
 */
export const ARTICLE_HTML_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'em',
  'strong',
  'del',
  'hr',
  'br',
] as const;
