/**
 * Every HTTP entry point of the platform, mounted in one place, in order:
 * (pixels are answered before Koa: analytics/pixel-endpoint.ts) → health → public API (form
 * submissions, blog, inbound mail webhooks, e-mail tracking links and provider event webhooks) →
 * staff sign-in → staff API (session required; dead letters under /api/marketing/ops; the inbox,
 * web and e-mail analytics under /api/marketing-dashboard) → unknown /api paths (404 envelope) →
 * media → blog pages and sitemap, and the pages showing lots (home, map, embed, builder package,
 * lot pages; all rendered per request) →
 * the web app.
 */
import type Koa from 'koa';
import { healthRouter, notFound } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { parseJsonBodies } from '../middleware/parse-json-bodies.ts';
import { readSession, requireStaff } from '../middleware/sessions.ts';
import { createWebHost } from '../web/web-host.ts';
import { auditLogRoutes } from './audit-log.ts';
import { authRoutes } from './auth.ts';
import { blogRoutes } from './blog.ts';
import { blogAdminRoutes } from './blog-admin.ts';
import { blogPageRoutes } from './blog-pages.ts';
import { lotPageRoutes } from './lot-pages.ts';
import { lotRoutes } from './lots.ts';
import { deadLetterRoutes } from './dead-letters.ts';
import { inboundRoutes } from './inbound.ts';
import { inboxRoutes } from './inbox.ts';
import { staffAccountRoutes } from './staff-accounts.ts';
import { submissionRoutes } from './submissions.ts';
import { contactRoutes } from './contacts.ts';
import { listRoutes } from './lists.ts';
import { type GatewayDeps, type GatewayRouter, createRouter } from './context.ts';
import { campaignRoutes } from './campaigns.ts';
import { emailAnalyticsRoutes } from './email-analytics.ts';
import { emailEventRoutes } from './email-events.ts';
import { emailTrackingRoutes } from './email-tracking.ts';
import { marketingRoutes } from './marketing.ts';
import { singleSendRoutes } from './single-sends.ts';
import { templateRoutes } from './templates.ts';
import { mediaRoutes } from './media.ts';
import { webAnalyticsRoutes } from './web-analytics.ts';

/** The API routers, exported so tests can enumerate every route. */
export function apiRouters(deps: GatewayDeps): GatewayRouter[] {
  return [
    submissionRoutes(deps),
    authRoutes(deps),
    marketingRoutes(deps),
    contactRoutes(deps),
    listRoutes(deps),
    templateRoutes(deps),
    singleSendRoutes(deps),
    campaignRoutes(deps),
    emailAnalyticsRoutes(deps),
    emailTrackingRoutes(deps),
    emailEventRoutes(deps),
    blogRoutes(deps),
    blogAdminRoutes(deps),
    deadLetterRoutes(deps),
    lotRoutes(deps),
    inboundRoutes(deps),
    ...inboxRoutes(deps),
    staffAccountRoutes(deps),
    auditLogRoutes(deps),
    webAnalyticsRoutes(deps),
  ];
}

export function mountRoutes(app: Koa<GatewayState>, deps: GatewayDeps, webDist: string): void {
  const health = healthRouter(deps, { metrics: false });
  app.use(health.routes());
  app.use(readSession(deps.knex));
  app.use(requireStaff());
  app.use(parseJsonBodies());
  for (const r of apiRouters(deps)) app.use(r.routes()).use(r.allowedMethods());
  const api404 = createRouter();
  api404.all('/api/{*rest}', () => {
    throw notFound('No such API endpoint');
  });
  app.use(api404.routes());
  app.use(mediaRoutes(deps).routes());
  app.use(blogPageRoutes(deps, webDist).routes());
  app.use(lotPageRoutes(deps, webDist).routes());
  app.use(createWebHost(webDist).middleware);
}
