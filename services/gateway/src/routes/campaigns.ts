/**
 * Campaigns under `/api/marketing/campaigns`: the table, one campaign's progress (by numeric id
 * or by the campaign id a send answered), and the Pause, Resume, Schedule and Send again (the
 * messages a crash left of unknown fate) actions.
 */
import type { ParameterizedContext } from 'koa';
import * as v from 'valibot';
import { CampaignScheduleInputSchema, RPC, type Campaign } from '@lp/contracts';
import { callRpc, notFound } from '@lp/runtime';
import { recordAudit } from '../audit/record-audit.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, askedBy, createRouter } from './context.ts';

type Ctx = ParameterizedContext<GatewayState> & { params: Record<string, string | undefined> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function campaignIdOf(ctx: Ctx): number {
  const raw = ctx.params.id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound('Campaign not found');
  return id;
}

const ScheduleBodySchema = v.object({ scheduledFor: CampaignScheduleInputSchema.entries.scheduledFor });

export function campaignRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/campaigns' });

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await callRpc(bus, RPC.mailer.campaignsList, {}, askedBy(ctx));
  });

  router.get('/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const raw = ctx.params.id ?? '';
    const by = UUID.test(raw) ? { requestId: raw.toLowerCase() } : { id: campaignIdOf(ctx) };
    ctx.body = await callRpc(bus, RPC.mailer.campaignGet, by, askedBy(ctx));
  });

  const audited = async (
    ctx: Ctx,
    action: 'campaign.pause' | 'campaign.resume' | 'campaign.schedule' | 'campaign.resend_unknown',
    c: Campaign,
  ) => {
    await recordAudit(knex, ctx.state, action, `campaign ${c.id}`, {
      name: c.name,
      status: c.status,
      ...(action === 'campaign.schedule' ? { scheduledFor: c.scheduled_for } : {}),
    });
    ctx.body = c;
  };

  router.post('/:id/pause', async (ctx) => {
    await audited(
      ctx,
      'campaign.pause',
      await callRpc(bus, RPC.mailer.campaignPause, { id: campaignIdOf(ctx) }, askedBy(ctx)),
    );
  });

  router.post('/:id/resume', async (ctx) => {
    await audited(
      ctx,
      'campaign.resume',
      await callRpc(bus, RPC.mailer.campaignResume, { id: campaignIdOf(ctx) }, askedBy(ctx)),
    );
  });

  // Staff decide to send again what a crash left of unknown fate (a recipient may get two).
  router.post('/:id/resend-unknown', async (ctx) => {
    const c = await callRpc(bus, RPC.mailer.campaignResendUnknown, { id: campaignIdOf(ctx) }, askedBy(ctx));
    await audited(ctx, 'campaign.resend_unknown', c);
  });

  router.post('/:id/schedule', async (ctx) => {
    const { scheduledFor } = validate(ScheduleBodySchema, ctx.request.body ?? {});
    const c = await callRpc(bus, RPC.mailer.campaignSchedule, { id: campaignIdOf(ctx), scheduledFor }, askedBy(ctx));
    await audited(ctx, 'campaign.schedule', c);
  });

  return router;
}
