/** The analytics service's request handlers (declared in contracts' `RPC.analytics`). */
import { LIVE_WINDOW_MINUTES, RPC, SUBMISSIONS_PAGE_MAX } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { askOf, periodAsked } from '../queries/analytics-ask.ts';
import { readAttribution } from '../queries/read-attribution.ts';
import { readLeadSessions } from '../queries/read-lead-sessions.ts';
import { readLeadsBySource } from '../queries/read-leads-by-source.ts';
import { readLiveVisitors } from '../queries/read-live-visitors.ts';
import { readLatestLeadPerSession, readLeadsSince } from '../queries/read-stored-leads.ts';
import { readFilteredWebAnalytics } from '../queries/read-filtered-web-analytics.ts';
import { readSiteEvents } from '../queries/read-site-events.ts';
import { readWebAnalytics } from '../queries/read-web-analytics.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';
import { deleteGoal, goalsByIds, insertGoal, listGoals, updateGoal } from '../goals/goal-rows.ts';
import { readFunnel } from '../goals/read-funnel.ts';
import { readGoalReport } from '../goals/read-goal-report.ts';

const DAY_MS = 86_400_000;

export const serveAnalyticsRequests = [
  // The whole site from the roll-ups; a drill-down from the stored visits.
  answerRpc(RPC.analytics.webAnalytics, ({ filters, ...asked }, { knex, config }) => {
    const ask = askOf(asked, new Date(), config.SITE_TIME_ZONE);
    return Object.keys(filters).length === 0
      ? readWebAnalytics(knex, ask)
      : readFilteredWebAnalytics(knex, ask, filters);
  }),
  answerRpc(RPC.analytics.siteEvents, (asked, { knex, config }) =>
    readSiteEvents(knex, periodAsked(asked, new Date(), config.SITE_TIME_ZONE)),
  ),
  answerRpc(RPC.analytics.refresh, async (asked, { knex, config }) => {
    const { from, to, days } = periodAsked(asked, new Date(), config.SITE_TIME_ZONE);
    const done = await refreshRollups(knex, from, to, config.SITE_TIME_ZONE);
    return { days, ...done };
  }),
  // The leads are analytics' own copy of the form submissions (consume-submissions.ts).
  answerRpc(RPC.analytics.attribution, async (_input, { knex }) =>
    readAttribution(knex, await readLatestLeadPerSession(knex, SUBMISSIONS_PAGE_MAX)),
  ),
  // One lead, for the staff alert sent as it arrives: by the submission's session and time.
  answerRpc(RPC.analytics.leadVisit, async (lead, { knex }) => (await readAttribution(knex, [lead]))[0]!),
  answerRpc(RPC.analytics.leadsBySource, async (asked, { knex, config }) => {
    const period = periodAsked(asked, new Date(), config.SITE_TIME_ZONE);
    // Two days' margin around the period's site days covers any time zone; readLeadsBySource keeps the period's days.
    const since = new Date(Date.parse(`${period.from}T00:00:00Z`) - 2 * DAY_MS);
    const until = new Date(Date.parse(`${period.to}T00:00:00Z`) + 3 * DAY_MS);
    const { leads, untracked } = await readLeadsSince(knex, since, until);
    return readLeadsBySource(knex, period, leads, config.SITE_TIME_ZONE, untracked);
  }),
  // crm's segments: the lead sessions that viewed some lots or came first with a campaign.
  answerRpc(RPC.analytics.leadSessions, (input, { knex }) => readLeadSessions(knex, input)),
  answerRpc(RPC.analytics.liveVisitors, (_input, { knex }) => {
    const now = new Date();
    return readLiveVisitors(knex, new Date(now.getTime() - LIVE_WINDOW_MINUTES * 60_000), now);
  }),
  answerRpc(RPC.analytics.goalsList, (_input, { knex }) => listGoals(knex)),
  answerRpc(RPC.analytics.goalCreate, (form, { knex }) => insertGoal(knex, form)),
  answerRpc(RPC.analytics.goalUpdate, ({ id, goal }, { knex }) => updateGoal(knex, id, goal)),
  answerRpc(RPC.analytics.goalDelete, async ({ id }, { knex }) => {
    if (!(await deleteGoal(knex, id))) throw notFound('Goal not found');
    return { deleted: true };
  }),
  answerRpc(RPC.analytics.goalReport, async ({ filters, ...asked }, { knex, config }) =>
    readGoalReport(knex, await listGoals(knex), periodAsked(asked, new Date(), config.SITE_TIME_ZONE), filters),
  ),
  answerRpc(RPC.analytics.funnel, async ({ goals, filters, ...asked }, { knex, config }) => {
    const period = periodAsked(asked, new Date(), config.SITE_TIME_ZONE);
    return readFunnel(knex, await goalsByIds(knex, goals), period, filters);
  }),
];
