/**
 * Web analytics for staff (session required like every /api/marketing* route), asked of the
 * analytics service, which owns the hits:
 * - `GET /api/marketing-dashboard/web-analytics?days=7|30|90|365` (default 30; anything else
 *   is a 400 naming the allowed values) or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (custom days, at most
 *   366, ending today at the latest), `&compare=previous|year` (the period before, the default, or
 *   the same days a year earlier): the four figures and the comparison's, both per-day series and
 *   the top-10 tables; drill-down filters narrow them all (`&source=google&page=/lots/*`,
 *   `(none)` for direct / none; each at most once, an unknown option is a 400);
 * - `GET /api/marketing-dashboard/site-events?days=…` (or `from` and `to`): the most clicked outbound links and file
 *   downloads, and the pages not found with the page that linked to each;
 * - `POST /api/marketing-dashboard/refresh-analytics[?days=…]` (or `from` and `to`): re-aggregates the period from
 *   the raw hits (idempotent; concurrent calls take turns);
 * - `GET /api/marketing-dashboard/leads-by-source?days=…` (or `from` and `to`): leads and conversion rate per
 *   first-touch source and campaign;
 * - `GET /api/marketing-dashboard/submission-attribution`: first touch, visits and pages before
 *   converting for each tracked visitor (session id) who sent a form, as of their first form;
 * - `GET /api/marketing-dashboard/live-visitors`: visitors with a hit in the last 5 minutes and
 *   the pages they are on (the dashboard asks again every few seconds);
 * - `GET /api/marketing-dashboard/geo-database`: the GeoIP database visitors' and leads' locations
 *   come from (its name, build date and the attribution its licence asks for), answered by the gateway.
 * Both are one request each: analytics keeps its own copy of the form submissions (from the
 * event crm stores them from), so crm is not asked and need not be running.
 */
import {
  AnalyticsPeriodQuerySchema,
  AnalyticsRefreshQuerySchema,
  filtersOf,
  RPC,
  type GeoDatabaseInfo,
  WebAnalyticsQuerySchema,
} from '@lp/contracts';
import { NO_GEO_LOCATOR } from '../geo/geo-database.ts';
import { refuseBody, validate } from '../middleware/validate.ts';
import { type GatewayDeps, askFor, createRouter } from '../routes/context.ts';

export function webAnalyticsRoutes({ bus, geo = NO_GEO_LOCATOR }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing-dashboard' });
  const ask = askFor(bus);

  router.get('/web-analytics', async (ctx) => {
    const { days, from, to, compare, ...filters } = validate(WebAnalyticsQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.webAnalytics, { days, from, to, compare, filters: filtersOf(filters) });
  });

  router.get('/site-events', async (ctx) => {
    const period = validate(AnalyticsPeriodQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.siteEvents, period);
  });

  router.post('/refresh-analytics', async (ctx) => {
    refuseBody(ctx.headers);
    const period = validate(AnalyticsRefreshQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.refresh, period);
  });

  router.get('/leads-by-source', async (ctx) => {
    const period = validate(AnalyticsPeriodQuerySchema, ctx.query);
    ctx.body = await ask(ctx, RPC.analytics.leadsBySource, period);
  });

  router.get('/submission-attribution', async (ctx) => {
    ctx.body = await ask(ctx, RPC.analytics.attribution, {});
  });

  router.get('/geo-database', (ctx) => {
    ctx.body = geo.info satisfies GeoDatabaseInfo;
  });

  router.get('/live-visitors', async (ctx) => {
    ctx.body = await ask(ctx, RPC.analytics.liveVisitors, {});
  });

  return router;
}
