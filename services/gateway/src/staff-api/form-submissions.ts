/**
 * Staff reads for the dashboard home and the form submissions screen: submissions (paged), counters
 * with their month-over-month change, 'Add to Contacts' (`POST /convert-submission/{id}`) and the
 * median time to first response per week.
 * The home's Form Responses card is crm's `totalSubmissions`, never a download of the list.
 */
import { ConvertSubmissionSchema, RPC, SubmissionsQuerySchema, type MarketingStats } from '@lp/contracts';
import { callRpc, notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { listSubmissions } from './form-submissions/list-submissions.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
  unlessUnavailable,
} from '../routes/context.ts';

/** Change in percent from `before` to `now`, one decimal; null when there was nothing before. */
export const percentChange = (now: number, before: number): number | null =>
  before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;

export function formSubmissionRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });
  router.param(
    'id',
    numericParam(() => notFound('Form submission not found')),
  );

  // The spec's array, newest first: up to `limit` (default and most 5,000), read from crm in
  // pages that each fit one bus message; more are behind `Link: <…?cursor=…>; rel="next"`.
  router.get('/submissions', async (ctx) => {
    const query = validate(SubmissionsQuerySchema, {
      limit: ctx.query.limit === undefined ? undefined : String(ctx.query.limit),
      cursor: ctx.query.cursor === undefined ? undefined : String(ctx.query.cursor),
    });
    const { submissions, nextCursor } = await listSubmissions(bus, askedBy(ctx), query);
    if (nextCursor !== null)
      ctx.set('Link', `</api/marketing/submissions?limit=${query.limit}&cursor=${nextCursor}>; rel="next"`);
    ctx.body = submissions;
  });

  // The median time to first staff response per week (the Form Submissions screen's card).
  router.get('/submissions/response-times', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.crm.responseTimes, {}, askedBy(ctx));
  });

  router.post('/convert-submission/:id', async (ctx) => {
    const submissionId = pathNumber(ctx);
    const { listId } = validate(ConvertSubmissionSchema, ctx.request.body ?? {});
    const result = await audited(
      knex,
      ctx.state,
      { action: 'contact.create', details: { from: `form submission ${submissionId}`, ...(listId ? { listId } : {}) } },
      () => callRpc(bus, RPC.crm.submissionConvert, { submissionId, listId }, askedBy(ctx)),
      (r) => ({ target: `contact ${r.contact.id}`, details: { created: r.created } }),
    );
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  router.get('/stats', async (ctx) => {
    const asked = askedBy(ctx);
    const [crm, mailer] = await Promise.all([
      callRpc(bus, RPC.crm.stats, {}, asked),
      unlessUnavailable(
        ctx,
        'dashboard stats without campaigns: the mailer did not answer',
        callRpc(bus, RPC.mailer.stats, {}, asked),
      ),
    ]);
    const body: MarketingStats = {
      totalContacts: crm.totalContacts,
      totalCampaigns: mailer?.totalCampaigns ?? null,
      totalLists: crm.totalLists,
      totalSubmissions: crm.totalSubmissions,
      changes: {
        contacts: percentChange(crm.totalContacts, crm.lastMonth.totalContacts),
        // The mailer keeps no campaign history yet: nothing to compare with.
        campaigns: null,
        lists: percentChange(crm.totalLists, crm.lastMonth.totalLists),
        submissions: percentChange(crm.totalSubmissions, crm.lastMonth.totalSubmissions),
      },
    };
    ctx.body = body;
  });

  return router;
}
