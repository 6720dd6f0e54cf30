/** Staff reads for the dashboard home: submissions and counters, asked of the owning services. */
import { RPC, type CrmStats, type FormSubmission, type MailerStats, type MarketingStats } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { type GatewayDeps, createRouter } from './context.ts';

export function marketingRoutes({ bus }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });

  router.get('/submissions', async (ctx) => {
    ctx.body = await callRpc<FormSubmission[]>(bus, RPC.crm.submissionsList, {}, { reqId: ctx.state.reqId });
  });

  router.get('/stats', async (ctx) => {
    const [crm, mailer] = await Promise.all([
      callRpc<CrmStats>(bus, RPC.crm.stats, {}, { reqId: ctx.state.reqId }),
      callRpc<MailerStats>(bus, RPC.mailer.stats, {}, { reqId: ctx.state.reqId }),
    ]);
    const body: MarketingStats = {
      totalContacts: crm.totalContacts,
      totalCampaigns: mailer.totalCampaigns,
      totalLists: crm.totalLists,
    };
    ctx.body = body;
  });

  return router;
}
