/**
 * The public blog (spec §2, §3, §7): `GET /api/blog/articles` (published, newest first),
 * `GET /api/blog/articles/:slug` (404 envelope when missing or unpublished), and the Atom feed
 * at `/blog/feed.xml`. Each answers ETag + Last-Modified and 304 to a current copy.
 */
import { RPC, SLUG_PATTERN, type BlogArticle, type PublishedArticles } from '@lp/contracts';
import { callRpc, notFound, type Bus } from '@lp/runtime';
import { buildBlogFeed, FEED_PATH } from './blog-feed-xml.ts';
import { sendCacheable } from '../web/http-cache.ts';
import { type GatewayDeps, createRouter } from './context.ts';

/** The published articles, newest first, with the blog's last change (asked of the content service). */
export const listPublishedArticles = (bus: Bus, reqId: string) =>
  callRpc<PublishedArticles>(bus, RPC.content.articlesList, {}, { reqId });

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
