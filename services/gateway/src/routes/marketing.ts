/**
 * Staff reads for the dashboard home: submissions and counters, asked of the owning services.
 * The home's Form Responses card is crm's `totalSubmissions`, never a download of the list.
 */
import { RPC, type MarketingStats } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { type GatewayDeps, askedBy, createRouter } from './context.ts';

export function marketingRoutes({ bus }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });

  router.get('/submissions', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.crm.submissionsList, {}, askedBy(ctx));
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
    };
    ctx.body = body;
  });

  return router;
}
