/** The analytics service's request handlers (declared in contracts' `RPC.analytics`). */
import { addDays, LIVE_WINDOW_MINUTES, RPC, siteDayOf, SUBMISSIONS_PAGE_MAX } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { readAttribution } from '../queries/read-attribution.ts';
import { readLeadsBySource } from '../queries/read-leads-by-source.ts';
import { readLiveVisitors } from '../queries/read-live-visitors.ts';
import { readLatestLeadPerSession, readLeadsSince } from '../queries/read-stored-leads.ts';
import { readFilteredWebAnalytics } from '../queries/read-filtered-web-analytics.ts';
import { readSiteEvents } from '../queries/read-site-events.ts';
import { readWebAnalytics } from '../queries/read-web-analytics.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';

const DAY_MS = 86_400_000;

export const serveAnalyticsRequests = [
  // The whole site from the roll-ups; a drill-down from the stored visits.
  answerRpc(RPC.analytics.webAnalytics, ({ days, filters }, { knex, config }) =>
    Object.keys(filters).length === 0
      ? readWebAnalytics(knex, days, new Date(), config.SITE_TIME_ZONE)
      : readFilteredWebAnalytics(knex, days, filters, new Date(), config.SITE_TIME_ZONE),
  ),
  answerRpc(RPC.analytics.siteEvents, ({ days }, { knex, config }) =>
    readSiteEvents(knex, days, new Date(), config.SITE_TIME_ZONE),
  ),
  answerRpc(RPC.analytics.refresh, async ({ days }, { knex, config }) => {
    const to = siteDayOf(new Date(), config.SITE_TIME_ZONE);
    const done = await refreshRollups(knex, addDays(to, -(days - 1)), to, config.SITE_TIME_ZONE);
    return { days, ...done };
  }),
  // The leads are analytics' own copy of the form submissions (consume-submissions.ts).
  answerRpc(RPC.analytics.attribution, async (_input, { knex }) =>
    readAttribution(knex, await readLatestLeadPerSession(knex, SUBMISSIONS_PAGE_MAX)),
  ),
  answerRpc(RPC.analytics.leadsBySource, async ({ days }, { knex, config }) => {
    const now = new Date();
    // Two days' margin before the range's first site day covers any time zone; readLeadsBySource keeps the range's days.
    const since = new Date(now.getTime() - (days + 2) * DAY_MS);
    const { leads, untracked } = await readLeadsSince(knex, since);
    return readLeadsBySource(knex, days, leads, now, config.SITE_TIME_ZONE, untracked);
  }),
  answerRpc(RPC.analytics.liveVisitors, (_input, { knex }) => {
    const now = new Date();
    return readLiveVisitors(knex, new Date(now.getTime() - LIVE_WINDOW_MINUTES * 60_000), now);
  }),
];
