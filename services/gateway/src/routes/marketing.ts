/**
 * Staff reads for the dashboard home and the form submissions screen: submissions, counters
 * with their month-over-month change, and 'Add to Contacts' (`POST /convert-submission/{id}`).
 * The home's Form Responses card is crm's `totalSubmissions`, never a download of the list.
 */
import { ConvertSubmissionSchema, RPC, type MarketingStats } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { validate } from '../middleware/validate.ts';
import { pathId } from './contacts.ts';
import { type GatewayDeps, askedBy, createRouter } from './context.ts';

/** Change in percent from `before` to `now`, one decimal; null when there was nothing before. */
export const percentChange = (now: number, before: number): number | null =>
  before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;

export function marketingRoutes({ bus }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });

  router.get('/submissions', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.crm.submissionsList, {}, askedBy(ctx));
  });

  router.post('/convert-submission/:id', async (ctx) => {
    const submissionId = pathId(ctx.params.id, 'Form submission');
    const { listId } = validate(ConvertSubmissionSchema, ctx.request.body ?? {});
    const result = await callRpc(bus, RPC.crm.submissionConvert, { submissionId, listId }, askedBy(ctx));
    ctx.status = result.created ? 201 : 200;
    ctx.body = result;
  });

  router.get('/stats', async (ctx) => {
    const asked = askedBy(ctx);
    const [crm, mailer] = await Promise.all([
      callRpc(bus, RPC.crm.stats, {}, asked),
      callRpc(bus, RPC.mailer.stats, {}, asked),
    ]);
    const body: MarketingStats = {
      totalContacts: crm.totalContacts,
      totalCampaigns: mailer.totalCampaigns,
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
