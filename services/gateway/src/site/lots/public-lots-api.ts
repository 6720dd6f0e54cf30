/** `GET /api/lots`: every lot as visitors see it, from the gateway's cache (ETag + Last-Modified). */
import { sendCacheable } from '../http-cache.ts';
import { type GatewayDeps, askedBy, createRouter } from '../../routes/context.ts';
import { loadPublicLots } from './load-public-lots.ts';

export function publicLotRoutes(deps: GatewayDeps) {
  const router = createRouter();
  router.get('/api/lots', async (ctx) => {
    const lots = await loadPublicLots(deps, askedBy(ctx));
    sendCacheable(ctx, lots, { lastModified: lots.lastModified });
  });
  return router;
}
