/**
 * Every HTTP entry point of the platform, mounted in one place, in order:
 * (pixels are answered before Koa: edge/pixels/pixel-endpoint.ts) → health → the session guard
 * (a session required under /api/marketing*) → JSON bodies → the public API (form submissions,
 * lots, blog, e-mail tracking links) → mail providers' webhooks (inbound mail, delivery events) →
 * the staff API (sign-in; dead letters under /api/marketing/ops; the inbox, web and e-mail
 * analytics under /api/marketing-dashboard) → unknown /api paths (404 envelope) →
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
import { publicLotRoutes } from '../site/lots/public-lots-api.ts';
import { lotRoutes } from '../staff-api/lots.ts';
import { deadLetterRoutes } from '../staff-api/dead-letters.ts';
import { inboundRoutes } from '../edge/inbound-mail.ts';
import { inboxRoutes } from '../staff-api/inbox.ts';
import { staffAccountRoutes } from '../staff-api/staff-accounts.ts';
import { contactFormRoutes } from '../edge/contact-form.ts';
import { contactRoutes } from '../staff-api/contacts.ts';
import { customFieldRoutes } from '../staff-api/custom-fields.ts';
import { segmentRoutes } from '../staff-api/segments.ts';
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
import { goalRoutes } from '../staff-api/goals.ts';
import { weeklyReportRoutes } from '../staff-api/weekly-report.ts';
import { leadReplyRoutes } from '../staff-api/lead-replies.ts';
import { journeyRoutes } from '../staff-api/journeys.ts';
import { lotAlertRoutes } from '../edge/lot-alerts.ts';

/**
 * Anyone may call these: the contact form, the lots, the blog's API, e-mail tracking links and
 * unsubscribes, lot alerts (watch a lot, its confirmation and stop links).
 */
const publicApi = (deps: GatewayDeps): GatewayRouter[] => [
  contactFormRoutes(deps),
  lotAlertRoutes(deps),
  publicLotRoutes(deps),
  blogRoutes(deps),
  emailTrackingRoutes(deps),
];

/** Mail providers call these, each request proving the webhook secret. */
const webhookApi = (deps: GatewayDeps): GatewayRouter[] => [emailEventRoutes(deps), inboundRoutes(deps)];

/**
 * Staff call these with a session (sign-in aside): all live under /api/marketing*, where
 * `requireStaff` refuses any request without one, a path no router knows included.
 */
const staffApi = (deps: GatewayDeps): GatewayRouter[] => [
  authRoutes(deps),
  formSubmissionRoutes(deps),
  contactRoutes(deps),
  customFieldRoutes(deps),
  segmentRoutes(deps),
  listRoutes(deps),
  templateRoutes(deps),
  singleSendRoutes(deps),
  campaignRoutes(deps),
  emailAnalyticsRoutes(deps),
  deadLetterRoutes(deps),
  lotRoutes(deps),
  ...inboxRoutes(deps),
  staffAccountRoutes(deps),
  auditLogRoutes(deps),
  webAnalyticsRoutes(deps),
  goalRoutes(deps),
  weeklyReportRoutes(deps),
  leadReplyRoutes(deps),
  journeyRoutes(deps),
  blogAdminRoutes(deps),
];

/** The API routers, exported so tests can enumerate every route. */
export function apiRouters(deps: GatewayDeps): GatewayRouter[] {
  return [...publicApi(deps), ...webhookApi(deps), ...staffApi(deps)];
}

export function mountRoutes(app: Koa<GatewayState>, deps: GatewayDeps, webDist: string): void {
  const mount = (routers: GatewayRouter[]) => {
    for (const r of routers) app.use(r.routes()).use(r.allowedMethods());
  };
  app.use(healthRouter(deps, { metrics: false }).routes());
  // The session is read, and required under /api/marketing*, before any body is: an anonymous
  // request never gets a large body read, a signed-in one gets the staff limit.
  app.use(readSession(deps.knex));
  app.use(requireStaff());
  app.use(parseJsonBodies());
  mount(publicApi(deps));
  mount(webhookApi(deps));
  mount(staffApi(deps));
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
