/**
 * The blog (public site spec §2, §3, §5): articles as visitors and staff read them, the staff
 * editor's payloads, cover-image limits, and the request payloads the gateway sends to the
 * content service. The editor form, the gateway and the service validate with these schemas.
 */
import * as v from 'valibot';
import { isAllowedArticleImageSrc } from './article-html.ts';
import { GivenBytesSchema } from './given-bytes.ts';
import { RecordVersionSchema } from './record-version.ts';
import { storable } from './text.ts';

/** An article as the public API serves it (spec §3). `content` is sanitised HTML. */
export const BlogArticleSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  summary: v.string(),
  content: v.string(),
  /** A URL path (`/media/<sha256>.<ext>`) or an absolute https URL; null when there is none. */
  coverImage: v.nullable(v.string()),
  tags: v.array(v.string()),
  publishedAt: v.string(),
  updatedAt: v.string(),
  /** Minutes, at least 1. */
  readTime: v.number(),
});
export type BlogArticle = v.InferOutput<typeof BlogArticleSchema>;

export const BLOG_ARTICLE_STATUSES = ['draft', 'published'] as const;
export type BlogArticleStatus = (typeof BLOG_ARTICLE_STATUSES)[number];

/** An article as staff edit it: any status, with its Markdown source. */
export const StaffBlogArticleSchema = v.object({
  ...v.omit(BlogArticleSchema, ['publishedAt']).entries,
  status: v.picklist(BLOG_ARTICLE_STATUSES),
  publishedAt: v.nullable(v.string()),
  createdAt: v.string(),
  contentMarkdown: v.string(),
  /** Incremented by every write (edit, publish, unpublish); an edit names the version it was based on. */
  version: RecordVersionSchema,
});
export type StaffBlogArticle = v.InferOutput<typeof StaffBlogArticleSchema>;

/** A row of the staff list: everything but the two bodies. */
export const StaffBlogArticleSummarySchema = v.omit(StaffBlogArticleSchema, ['content', 'contentMarkdown']);
export type StaffBlogArticleSummary = v.InferOutput<typeof StaffBlogArticleSummarySchema>;

/** An article without its body: enough for cards, related articles and the sitemap. */
export const BlogArticleCardSchema = v.omit(BlogArticleSchema, ['content']);
export type BlogArticleCard = v.InferOutput<typeof BlogArticleCardSchema>;

/** The whole public list as the gateway assembles it from pages; it sends `articles` only. */
export type PublishedArticles<A extends BlogArticleCard = BlogArticle> = { articles: A[]; lastModified: string };

// ---------------------------------------------------------------- cover images

/** Types an upload may have; checked against the file's magic bytes, not only the header. */
export const BLOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
export type BlogImageType = (typeof BLOG_IMAGE_TYPES)[number];
/** Stored types: the uploadable ones plus SVG, which only the seed data (our own drawings) uses. */
export const STORED_IMAGE_TYPES = [...BLOG_IMAGE_TYPES, 'image/svg+xml'] as const;
export type StoredImageType = (typeof STORED_IMAGE_TYPES)[number];
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

export const BlogImageSchema = v.object({
  url: v.string(),
  sha256: v.string(),
  contentType: v.picklist(STORED_IMAGE_TYPES),
  size: v.number(),
});
export type BlogImage = v.InferOutput<typeof BlogImageSchema>;

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

/**
 * How deeply quotes and lists may nest in an article body. Markdown renderers descend once per
 * level, so a body of thousands of `>` overflows the stack; no article needs more than a few.
 */
export const MARKDOWN_MAX_NESTING = 20;

/** Block containers (`>`, `-`, `*`, `+`, `1.`, `1)`) opened at the start of one line. */
const CONTAINER_MARKER = /^ {0,3}(?:>|[-*+](?=\s|$)|\d{1,9}[.)](?=\s|$))[ \t]?/;

/** The deepest nesting of quotes and list items on any line of a Markdown text. */
export function markdownNestingDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split('\n')) {
    let rest = line;
    let depth = 0;
    for (let m = CONTAINER_MARKER.exec(rest); m && m[0].length > 0; m = CONTAINER_MARKER.exec(rest)) {
      depth++;
      rest = rest.slice(m[0].length);
      if (depth > MARKDOWN_MAX_NESTING) return depth;
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * The longest run of one emphasis marker (`*`, `_`, `~`) allowed inside a line of text: a run
 * of thousands opens as many nested emphases and exhausts the renderer too. A line made of
 * nothing but one marker (a rule such as `______`) is not text and may be any length.
 */
export const MARKDOWN_MAX_MARKER_RUN = 50;

export function hasOverlongMarkerRun(markdown: string): boolean {
  const run = new RegExp(`([*_~])\\1{${MARKDOWN_MAX_MARKER_RUN},}`);
  return markdown.split('\n').some((line) => run.test(line) && !/^\s*([*_~])(?:\s*\1)*\s*$/.test(line));
}

/** Dates an article may carry: PostgreSQL and every reader can show them (year 1970 to 2999). */
export const ARTICLE_DATE_MIN = Date.UTC(1970, 0, 1);
export const ARTICLE_DATE_MAX = Date.UTC(3000, 0, 1);

/** A slug as staff may type it; '' means "make one from the title". */
export const SlugSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(100, 'At most 100 characters'),
  v.check((s) => s === '' || SLUG_PATTERN.test(s), 'Use lowercase letters, digits and single hyphens'),
);

/** Field schemas, exported so the editor form can reuse them one by one. */
/**
 * A cover image comes from where an article's images may: an image uploaded to the site's
 * `/media/`, or an https image on one of `site.blogImageHosts` (the article HTML policy's
 * `isAllowedArticleImageSrc`); any other host could track every reader of the blog and the list.
 */
export const isAllowedCoverImage = (src: string): boolean =>
  MEDIA_PATH_PATTERN.test(src) || (/^https:\/\/[^\s"'<>]+$/.test(src) && isAllowedArticleImageSrc(src));

export const COVER_IMAGE_POLICY_MESSAGE =
  'Upload the image: covers come from this site, or from the image hosts articles may use';

export const BlogArticleFields = {
  title: requiredText('Title is required', 200),
  /** '' (or absent on create) means "make one from the title". */
  slug: v.optional(SlugSchema),
  summary: requiredText('Summary is required', 500),
  // Stays under the gateway's 64 kB JSON body limit with room for the other fields and escaping.
  contentMarkdown: v.pipe(
    requiredText('Content is required', 50_000),
    v.check(
      (s) => markdownNestingDepth(s) <= MARKDOWN_MAX_NESTING,
      `Quotes and lists can be nested at most ${MARKDOWN_MAX_NESTING} levels deep`,
    ),
    v.check(
      (s) => !hasOverlongMarkerRun(s),
      `Repeat *, _ or ~ at most ${MARKDOWN_MAX_MARKER_RUN} times in a row within a line`,
    ),
  ),
  coverImage: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(500, 'At most 500 characters'),
        storable(),
        v.check((s) => s === '' || isAllowedCoverImage(s), COVER_IMAGE_POLICY_MESSAGE),
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
  publishedAt: v.optional(
    v.pipe(
      v.string(),
      v.isoTimestamp('Give a date and time'),
      v.check((s) => {
        const t = Date.parse(s);
        return t >= ARTICLE_DATE_MIN && t < ARTICLE_DATE_MAX;
      }, 'Give a date between the years 1970 and 2999'),
    ),
  ),
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

/** `PATCH /api/marketing/blog/articles/:id`: the version the edit was based on and any subset of the fields. */
export const BlogArticleUpdateSchema = v.object({
  ...v.partial(v.object(BlogArticleFields)).entries,
  version: RecordVersionSchema,
});
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
 * gateway asks until the cursor is null. The cards' list (no bodies: cards, related articles,
 * the sitemap) is its own request, so each reply has one schema; it usually fits one page.
 */
export const PUBLISHED_PAGE_MAX_BYTES = 512 * 1024;
export const PublishedArticlesPageInputSchema = v.nullish(
  v.object({
    /** Opaque: the `nextCursor` of the page before; absent for the first page. */
    cursor: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }),
);

/** One page of the published list, newest first; `nextCursor` is null on the last page. */
export type PublishedArticlesPage<A extends BlogArticleCard = BlogArticle> = PublishedArticles<A> & {
  nextCursor: string | null;
};

const publishedPageSchema = <A extends v.GenericSchema<unknown, BlogArticleCard>>(article: A) =>
  v.object({ articles: v.array(article), lastModified: v.string(), nextCursor: v.nullable(v.string()) });
export const PublishedArticlesPageSchema = publishedPageSchema(BlogArticleSchema);
export const PublishedCardsPageSchema = publishedPageSchema(BlogArticleCardSchema);

/**
 * An upload as the gateway hands it to the content service: the bytes (inline when small,
 * handed over otherwise) and the type the uploader declared.
 */
export const ImageUploadInputSchema = v.object({
  image: GivenBytesSchema,
  /** What the uploader declared; the stored type is what the bytes are. */
  declaredType: v.pipe(v.string(), v.maxLength(200)),
});
export const ImageReadInputSchema = v.object({ sha256 });

/** A stored image, for `GET /media/<sha256>.<ext>`. */
export const StoredImageSchema = v.object({
  contentType: v.picklist(STORED_IMAGE_TYPES),
  image: GivenBytesSchema,
});
export type StoredImage = v.InferOutput<typeof StoredImageSchema>;

/** What the content service answers to a deleted article. */
export const ArticleDeletedSchema = v.object({ deleted: v.literal(true) });
