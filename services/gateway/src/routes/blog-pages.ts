/**
 * The blog's pages and the XML sitemap, rendered per request from the content service's
 * current articles: an article published a minute ago is crawlable now, with its own title,
 * description, canonical, Open Graph tags, BlogPosting JSON-LD and body; a missing article is
 * an HTTP 404 page; `/sitemap.xml` lists every published article with its real last change.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ParameterizedContext } from 'koa';
import { RPC, SLUG_PATTERN, site, type BlogArticle } from '@lp/contracts';
import { AppError, callRpc } from '@lp/runtime';
import { createPageRenderer } from '../web/render-page.ts';
import { listPublishedArticles } from './blog.ts';
import { escapeXml } from './blog-feed-xml.ts';
import { sendCacheable } from '../web/http-cache.ts';
import { type GatewayDeps, createRouter } from './context.ts';

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

export function blogPageRoutes({ bus }: GatewayDeps, webDist: string) {
  const router = createRouter();
  const renderPage = createPageRenderer(webDist);
  const published = (reqId: string) => listPublishedArticles(bus, reqId);

  router.get('/blog', async (ctx) => {
    const list = await published(ctx.state.reqId);
    const page = await renderPage('/blog', 'blog', { articles: list.articles });
    sendCacheable(ctx, page.html, { lastModified: list.lastModified, type: HTML });
    compress(ctx);
  });

  router.get('/blog/:slug', async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const list = await published(ctx.state.reqId);
    let article: BlogArticle | null = null;
    if (slug.length <= 100 && SLUG_PATTERN.test(slug)) {
      try {
        article = await callRpc<BlogArticle>(bus, RPC.content.articleGet, { slug }, { reqId: ctx.state.reqId });
      } catch (err) {
        if (!(err instanceof AppError && err.status === 404)) throw err;
      }
    }
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
    const [base, list] = await Promise.all([
      readFile(staticSitemap, 'utf8').catch(() => {
        throw new AppError(503, 'unavailable', 'The web app is not built yet. Run `pnpm build`.');
      }),
      published(ctx.state.reqId),
    ]);
    const entries = list.articles
      .map(
        (a) =>
          `  <url>\n    <loc>${escapeXml(`${site.origin}/blog/${a.slug}`)}</loc>\n    <lastmod>${new Date(a.updatedAt).toISOString()}</lastmod>\n  </url>`,
      )
      .join('\n');
    const xml = entries ? base.replace('</urlset>', `${entries}\n</urlset>`) : base;
    sendCacheable(ctx, xml, { lastModified: list.lastModified, type: 'application/xml; charset=utf-8' });
    compress(ctx);
  });

  return router;
}
