/** The analytics service's request handlers (declared in contracts' `RPC.analytics`). */
import { addDays, RPC, siteDayOf } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { readAttribution } from '../queries/read-attribution.ts';
import { readLeadsBySource } from '../queries/read-leads-by-source.ts';
import { readWebAnalytics } from '../queries/read-web-analytics.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';

export const serveAnalyticsRequests = [
  answerRpc(RPC.analytics.webAnalytics, ({ days }, { knex, config }) =>
    readWebAnalytics(knex, days, new Date(), config.SITE_TIME_ZONE),
  ),
  answerRpc(RPC.analytics.refresh, async ({ days }, { knex, config }) => {
    const to = siteDayOf(new Date(), config.SITE_TIME_ZONE);
    const done = await refreshRollups(knex, addDays(to, -(days - 1)), to, config.SITE_TIME_ZONE);
    return { days, ...done };
  }),
  answerRpc(RPC.analytics.attribution, ({ leads }, { knex }) => readAttribution(knex, leads)),
  answerRpc(RPC.analytics.leadsBySource, ({ days, leads, untracked }, { knex, config }) =>
    readLeadsBySource(knex, days, leads, new Date(), config.SITE_TIME_ZONE, untracked),
  ),
];
