/**
 * The blog's pages, the sitemap page and the XML sitemap, rendered per request from the content
 * service's current articles: an article published a minute ago is crawlable now, with its own
 * title, description, canonical, Open Graph tags, BlogPosting JSON-LD and body, and is linked
 * from `/sitemap`; a missing article is an HTTP 404 page; `/sitemap.xml` lists every published
 * article with its real last change. The sitemap page and `/sitemap.xml` also list each lot
 * not sold (its page, `/lots/{number}`), from the gateway's cached lots. Page data carries article cards (no bodies) for the list,
 * the sitemap page's article links and related articles. While the content service cannot
 * answer, the pages show their error state as HTML with 503 and Retry-After, and the XML
 * sitemap a plain 503, never the JSON error envelope.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ParameterizedContext } from 'koa';
import { RPC, SLUG_PATTERN, lotPath, site } from '@lp/contracts';
import { AppError, callRpc, type RpcCallOptions } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { createPageRenderer } from './render-page.ts';
import { listPublishedCards, sendUnavailable, unlessContentAway } from './blog.ts';
import { escapeXml } from './blog-feed-xml.ts';
import { sendCacheable } from './http-cache.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';
import { loadPublicLots } from './lots/load-public-lots.ts';

const HTML = 'text/html; charset=utf-8';

/** Compresses a 200 text response when the client accepts gzip. */
function compress(ctx: ParameterizedContext) {
  ctx.vary('Accept-Encoding');
  if (ctx.status !== 200 || typeof ctx.body !== 'string' || ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return;
  const type = ctx.type;
  ctx.body = gzipSync(ctx.body);
  ctx.type = type;
  ctx.set('Content-Encoding', 'gzip');
}

const newest = (...dates: string[]) => new Date(Math.max(...dates.map((d) => Date.parse(d))));

export function blogPageRoutes(deps: GatewayDeps, webDist: string) {
  const { bus } = deps;
  const router = createRouter();
  const renderPage = createPageRenderer(webDist);
  const published = (asked: RpcCallOptions) => listPublishedCards(bus, asked);

  /**
   * A page that lists the published cards (the blog list, the sitemap page), with the cards as
   * page data so hydration starts from them; while content is away, the page's own error state
   * ('Error loading articles...').
   */
  const sendListPage = async (ctx: ParameterizedContext<GatewayState>, path: string, page: string) => {
    // The sitemap page also links each lot for sale; while inventory is away it leaves them out.
    const lots =
      page === 'sitemap'
        ? await loadPublicLots(deps, askedBy(ctx)).catch((err: unknown) => {
            ctx.state.log.warn({ err }, 'sitemap page without lots: inventory unavailable');
            return null;
          })
        : null;
    const list = await unlessContentAway(published(askedBy(ctx)));
    if (list instanceof AppError) {
      const rendered = await renderPage(path, page, { articlesError: true });
      return sendUnavailable(ctx, list, HTML, rendered.html);
    }
    const rendered = await renderPage(path, page, { articles: list.articles, ...(lots ? { lots: lots.lots } : {}) });
    sendCacheable(ctx, rendered.html, {
      lastModified: lots ? newest(list.lastModified, lots.lastModified) : list.lastModified,
      type: HTML,
    });
    compress(ctx);
  };

  router.get('/blog', (ctx) => sendListPage(ctx, '/blog', 'blog'));
  router.get('/sitemap', (ctx) => sendListPage(ctx, '/sitemap', 'sitemap'));

  /** The cards for related articles, and the article itself (null when missing or unpublished). */
  const loadArticle = async (slug: string, asked: RpcCallOptions) => {
    const article =
      slug.length > 100 || !SLUG_PATTERN.test(slug)
        ? Promise.resolve(null)
        : callRpc(bus, RPC.content.articleGet, { slug }, asked).catch((err: unknown) => {
            if (err instanceof AppError && err.status === 404) return null;
            throw err;
          });
    const [list, found] = await Promise.all([published(asked), article]);
    return { list, article: found };
  };

  router.get('/blog/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const loaded = await unlessContentAway(loadArticle(slug, askedBy(ctx)));
    if (loaded instanceof AppError) {
      // The spec's article error state is 'Article Not Found'; the status says it is temporary.
      const page = await renderPage(`/blog/${slug}`, 'blog-article', { slug, article: null });
      return sendUnavailable(ctx, loaded, HTML, page.html);
    }
    const { list, article } = loaded;
    const page = await renderPage(`/blog/${slug}`, 'blog-article', { slug, article, articles: list.articles });
    if (!article) {
      ctx.status = 404;
      ctx.type = HTML;
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = page.html;
      return;
    }
    sendCacheable(ctx, page.html, { lastModified: newest(article.updatedAt, list.lastModified), type: HTML });
    compress(ctx);
  });

  const staticSitemap = resolve(webDist, 'client', 'sitemap.xml');
  router.get('/sitemap.xml', async (ctx) => {
    // Lots not sold have their own page in the sitemap; while inventory is away they are left out.
    const lots = loadPublicLots(deps, askedBy(ctx)).catch((err: unknown) => {
      ctx.state.log.warn({ err }, 'sitemap without lot pages: inventory unavailable');
      return null;
    });
    const [base, list, lotList] = await Promise.all([
      readFile(staticSitemap, 'utf8').catch(() => {
        throw new AppError(503, 'unavailable', 'The web app is not built yet. Run `pnpm build`.');
      }),
      unlessContentAway(published(askedBy(ctx))),
      lots,
    ]);
    if (list instanceof AppError)
      return sendUnavailable(
        ctx,
        list,
        'text/plain; charset=utf-8',
        'The sitemap is temporarily unavailable. Please try again later.\n',
      );
    const url = (path: string, lastmod: string) =>
      `  <url>\n    <loc>${escapeXml(`${site.origin}${path}`)}</loc>\n    <lastmod>${new Date(lastmod).toISOString()}</lastmod>\n  </url>`;
    const entries = [
      ...list.articles.map((a) => url(`/blog/${a.slug}`, a.updatedAt)),
      ...(lotList?.lots ?? []).filter((l) => l.status !== 'sold').map((l) => url(lotPath(l.number), l.updatedAt)),
    ].join('\n');
    const xml = entries ? base.replace('</urlset>', `${entries}\n</urlset>`) : base;
    sendCacheable(ctx, xml, {
      lastModified: newest(list.lastModified, lotList?.lastModified ?? list.lastModified),
      type: 'application/xml; charset=utf-8',
    });
    compress(ctx);
  });

  return router;
}
