/**
 * The public blog (spec §2, §3, §7): `GET /api/blog/articles` (published, newest first),
 * `GET /api/blog/articles/:slug` (404 envelope when missing or unpublished), and the Atom feed
 * at `/blog/feed.xml`. Each answers ETag + Last-Modified and 304 to a current copy.
 */
import {
  RPC,
  SLUG_PATTERN,
  type BlogArticle,
  type BlogArticleCard,
  type PublishedArticles,
  type PublishedArticlesPage,
  type PublishedArticlesPageInput,
} from '@lp/contracts';
import { AppError, callRpc, notFound, type Bus } from '@lp/runtime';
import { buildBlogFeed, FEED_PATH } from './blog-feed-xml.ts';
import { sendCacheable } from '../web/http-cache.ts';
import { type GatewayDeps, createRouter } from './context.ts';

/** More pages than the content service's list limit can fill: its cursor is not advancing. */
const MAX_PAGES = 1000;

/**
 * The whole published list, asked of the content service a page at a time (each reply is
 * bounded in size: NATS refuses large messages). `lastModified` is the earliest of the pages',
 * so a change made while paging never lets a client's If-Modified-Since skip it.
 */
async function collectPublished<A extends BlogArticleCard>(
  bus: Bus,
  reqId: string,
  withContent: boolean,
): Promise<PublishedArticles<A>> {
  const articles: A[] = [];
  let lastModified: string | undefined;
  let cursor: string | null | undefined;
  for (let pages = 0; cursor !== null; pages++) {
    if (pages === MAX_PAGES) throw new AppError(502, 'internal', 'Unexpected reply from a service');
    const input: PublishedArticlesPageInput = { withContent, ...(cursor ? { cursor } : {}) };
    const page = await callRpc<PublishedArticlesPage<A>>(bus, RPC.content.articlesList, input, { reqId });
    articles.push(...page.articles);
    if (lastModified === undefined || Date.parse(page.lastModified) < Date.parse(lastModified))
      lastModified = page.lastModified;
    cursor = page.nextCursor;
  }
  return { articles, lastModified: lastModified ?? new Date(0).toISOString() };
}

/** The published articles with their bodies, newest first, and the blog's last change. */
export const listPublishedArticles = (bus: Bus, reqId: string) => collectPublished<BlogArticle>(bus, reqId, true);

/** The same list without the bodies: for cards, related articles and the sitemap. */
export const listPublishedCards = (bus: Bus, reqId: string) => collectPublished<BlogArticleCard>(bus, reqId, false);

export function blogRoutes({ bus }: GatewayDeps) {
  const router = createRouter();
  const published = (reqId: string) => listPublishedArticles(bus, reqId);

  router.get('/api/blog/articles', async (ctx) => {
    const list = await published(ctx.state.reqId);
    sendCacheable(ctx, list.articles, { lastModified: list.lastModified });
  });

  router.get('/api/blog/articles/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    if (slug.length > 100 || !SLUG_PATTERN.test(slug)) throw notFound('Article not found');
    const article = await callRpc<BlogArticle>(bus, RPC.content.articleGet, { slug }, { reqId: ctx.state.reqId });
    sendCacheable(ctx, article, { lastModified: article.updatedAt });
  });

  router.get(FEED_PATH, async (ctx) => {
    const list = await published(ctx.state.reqId);
    sendCacheable(ctx, buildBlogFeed(list.articles, list.lastModified), {
      lastModified: list.lastModified,
      type: 'application/atom+xml; charset=utf-8',
    });
  });

  return router;
}
