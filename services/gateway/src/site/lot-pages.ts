/**
 * The pages that show lots, rendered per request from the gateway's cached lots:
 * the home page (its map section), `/map`, `/embed`, the builder package page and each lot's
 * own page `/lots/{number}` (404 for an unknown number). A crawler and a visitor without
 * JavaScript get the current status and prices in the HTML, and a lot sold in the dashboard
 * shows sold on the next page load. A rendered page is kept with the lots it was rendered
 * from (`LotCache.renders`, as plain and gzip bytes), so a page load costs a map lookup until
 * a lot changes. While inventory cannot answer (and no copy is cached) the pages show their
 * lots-unavailable state with 503 and Retry-After.
 */
import { gzipSync } from 'node:zlib';
import type { ParameterizedContext } from 'koa';
import { LOT_NUMBER_MAX, type PublicLots } from '@lp/contracts';
import { AppError } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { loadPublicLots } from './lots/load-public-lots.ts';
import { sendCacheable } from './http-cache.ts';
import { createPageRenderer } from './render-page.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

const HTML = 'text/html; charset=utf-8';
const RETRY_AFTER_SECONDS = 30;

/** A page and the lots it was rendered from (a render that raced a change is never served after it). */
type Rendered = { html: string; gz: Buffer; status: number; lastModified: string; from: PublicLots };

export function lotPageRoutes(deps: GatewayDeps, webDist: string) {
  const router = createRouter();
  const renderPage = createPageRenderer(webDist);

  const send = async (
    ctx: ParameterizedContext<GatewayState>,
    path: string,
    page: string,
    data: Record<string, unknown> = {},
  ) => {
    let lots;
    try {
      lots = await loadPublicLots(deps, askedBy(ctx));
    } catch (err) {
      if (!(err instanceof AppError) || err.status < 500) throw err;
      ctx.state.log.warn({ err }, 'lots unavailable');
      const page503 = await renderPage(path, page, { ...data, lotsError: true });
      ctx.status = 503;
      ctx.type = HTML;
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = page503.html;
      return;
    }
    let rendered = deps.lots.renders.get(path) as Rendered | undefined;
    if (rendered?.from !== lots) {
      const { html, status } = await renderPage(path, page, { ...data, lots: lots.lots });
      rendered = { html, gz: gzipSync(html), status, lastModified: lots.lastModified, from: lots };
      // Only real pages are kept: unknown lot numbers must not grow the cache.
      if (status === 200) deps.lots.renders.set(path, rendered);
    }
    ctx.vary('Accept-Encoding');
    if (rendered.status !== 200) {
      ctx.status = rendered.status;
      ctx.type = HTML;
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = rendered.html;
      return;
    }
    sendCacheable(ctx, rendered.html, { lastModified: rendered.lastModified, type: HTML });
    if (ctx.status === 200 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.body = rendered.gz;
      ctx.type = HTML;
      ctx.set('Content-Encoding', 'gzip');
    }
  };

  router.get('/', (ctx) => send(ctx, '/', 'home'));
  router.get('/map', (ctx) => send(ctx, '/map', 'lot-map'));
  router.get('/embed', (ctx) => send(ctx, '/embed', 'lot-map'));
  router.get('/builder-package-1', (ctx) => send(ctx, '/builder-package-1', 'builder-package'));
  router.get('/lots/:number', async (ctx) => {
    const raw = ctx.params.number ?? '';
    const n = /^[1-9]\d{0,3}$/.test(raw) && Number(raw) <= LOT_NUMBER_MAX ? Number(raw) : null;
    // Any other spelling is no lot: the web host answers it with the site's 404 page.
    if (n === null) return send(ctx, '/lots/0', 'lot', { lotNumber: 0 });
    return send(ctx, `/lots/${n}`, 'lot', { lotNumber: n });
  });

  return router;
}
