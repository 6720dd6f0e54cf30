/**
 * Every HTTP entry point of the platform, mounted in one place, in order:
 * (pixels are answered before Koa: edge/pixels/pixel-endpoint.ts) → health → public API (form
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
import { createWebHost } from '../site/web-host.ts';
import { auditLogRoutes } from '../staff-api/audit-log.ts';
import { authRoutes } from '../staff-api/auth.ts';
import { blogRoutes } from '../site/blog.ts';
import { blogAdminRoutes } from '../staff-api/blog-admin.ts';
import { blogPageRoutes } from '../site/blog-pages.ts';
import { lotPageRoutes } from '../site/lot-pages.ts';
import { lotRoutes } from '../staff-api/lots.ts';
import { deadLetterRoutes } from '../staff-api/dead-letters.ts';
import { inboundRoutes } from '../edge/inbound-mail.ts';
import { inboxRoutes } from '../staff-api/inbox.ts';
import { staffAccountRoutes } from '../staff-api/staff-accounts.ts';
import { contactFormRoutes } from '../edge/contact-form.ts';
import { contactRoutes } from '../staff-api/contacts.ts';
import { listRoutes } from '../staff-api/lists.ts';
import { type GatewayDeps, type GatewayRouter, createRouter } from './context.ts';
import { campaignRoutes } from '../staff-api/campaigns.ts';
import { emailAnalyticsRoutes } from '../staff-api/email-analytics.ts';
import { emailEventRoutes } from '../edge/email-events.ts';
import { emailTrackingRoutes } from '../edge/email-tracking.ts';
import { formSubmissionRoutes } from '../staff-api/form-submissions.ts';
import { singleSendRoutes } from '../staff-api/single-sends.ts';
import { templateRoutes } from '../staff-api/templates.ts';
import { mediaRoutes } from '../site/media.ts';
import { webAnalyticsRoutes } from '../staff-api/web-analytics.ts';

/** The API routers, exported so tests can enumerate every route. */
export function apiRouters(deps: GatewayDeps): GatewayRouter[] {
  return [
    contactFormRoutes(deps),
    authRoutes(deps),
    formSubmissionRoutes(deps),
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
