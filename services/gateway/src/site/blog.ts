/**
 * The public blog (spec §2, §3, §7): `GET /api/blog/articles` (published, newest first),
 * `GET /api/blog/articles/:slug` (404 envelope when missing or unpublished), and the Atom feed
 * at `/blog/feed.xml`. Each answers ETag + Last-Modified and 304 to a current copy. While the
 * content service cannot answer, the JSON API keeps its error envelope but the feed (read by
 * feed readers, not by our app) answers a plain-text 503 with Retry-After.
 */
import type { ParameterizedContext } from 'koa';
import type * as v from 'valibot';
import {
  RPC,
  SLUG_PATTERN,
  type BlogArticleCard,
  type PublishedArticles,
  type PublishedArticlesPage,
  type PublishedArticlesPageInputSchema,
  type RpcSpec,
} from '@lp/contracts';
import { AppError, callRpc, notFound, type Bus, type RpcCallOptions } from '@lp/runtime';
import { buildBlogFeed, FEED_PATH } from './blog-feed-xml.ts';
import { sendCacheable } from './http-cache.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

/** Seconds a client (or crawler) should wait before asking again while the blog is away. */
const BLOG_RETRY_AFTER_SECONDS = 30;

/** The content service did not answer, or answered with a failure of its own (5xx). */
const isContentFailure = (err: unknown): err is AppError => err instanceof AppError && err.status >= 500;

/**
 * What the content service answered, or its failure when it is away, for the pages and feeds
 * that show their own "unavailable" state; any other error goes on to the error handler.
 */
export async function unlessContentAway<T>(answer: Promise<T>): Promise<T | AppError> {
  try {
    return await answer;
  } catch (err) {
    if (isContentFailure(err)) return err;
    throw err;
  }
}

/** A 503 that says when to come back and is never stored by a cache. */
export function sendUnavailable(ctx: ParameterizedContext<GatewayState>, err: AppError, type: string, body: string) {
  ctx.state.log?.warn({ err }, 'blog content unavailable');
  ctx.status = 503;
  ctx.type = type;
  ctx.set('Retry-After', String(BLOG_RETRY_AFTER_SECONDS));
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** More pages than the content service's list limit can fill: its cursor is not advancing. */
const MAX_PAGES = 1000;

/**
 * The whole published list, asked of the content service a page at a time (each reply is
 * bounded in size: NATS refuses large messages). `lastModified` is the earliest of the pages',
 * so a change made while paging never lets a client's If-Modified-Since skip it.
 */
async function collectPublished<A extends BlogArticleCard>(
  bus: Bus,
  asked: RpcCallOptions,
  rpc: RpcSpec<typeof PublishedArticlesPageInputSchema, v.GenericSchema<unknown, PublishedArticlesPage<A>>>,
): Promise<PublishedArticles<A>> {
  const articles: A[] = [];
  let lastModified: string | undefined;
  let cursor: string | null | undefined;
  for (let pages = 0; cursor !== null; pages++) {
    if (pages === MAX_PAGES) throw new AppError(502, 'internal', 'Unexpected reply from a service');
    const page = await callRpc(bus, rpc, cursor ? { cursor } : {}, asked);
    articles.push(...page.articles);
    if (lastModified === undefined || Date.parse(page.lastModified) < Date.parse(lastModified))
      lastModified = page.lastModified;
    cursor = page.nextCursor;
  }
  return { articles, lastModified: lastModified ?? new Date(0).toISOString() };
}

/** The published articles with their bodies, newest first, and the blog's last change. */
const listPublishedArticles = (bus: Bus, asked: RpcCallOptions) =>
  collectPublished(bus, asked, RPC.content.articlesList);

/** The same list without the bodies: for cards, related articles and the sitemap. */
export const listPublishedCards = (bus: Bus, asked: RpcCallOptions) =>
  collectPublished(bus, asked, RPC.content.articleCardsList);

export function blogRoutes({ bus }: GatewayDeps) {
  const router = createRouter();
  const published = (asked: RpcCallOptions) => listPublishedArticles(bus, asked);

  router.get('/api/blog/articles', async (ctx) => {
    const list = await published(askedBy(ctx));
    sendCacheable(ctx, list.articles, { lastModified: list.lastModified });
  });

  router.get('/api/blog/articles/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    if (slug.length > 100 || !SLUG_PATTERN.test(slug)) throw notFound('Article not found');
    const article = await callRpc(bus, RPC.content.articleGet, { slug }, askedBy(ctx));
    sendCacheable(ctx, article, { lastModified: article.updatedAt });
  });

  router.get(FEED_PATH, async (ctx) => {
    const list = await unlessContentAway(published(askedBy(ctx)));
    if (list instanceof AppError) {
      const message = 'The feed is temporarily unavailable. Please try again later.\n';
      return sendUnavailable(ctx, list, 'text/plain; charset=utf-8', message);
    }
    sendCacheable(ctx, buildBlogFeed(list.articles, list.lastModified), {
      lastModified: list.lastModified,
      type: 'application/atom+xml; charset=utf-8',
    });
  });

  return router;
}
