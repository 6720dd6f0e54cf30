/**
 * Campaigns under `/api/marketing/campaigns`: the table, one campaign's progress, and the Pause,
 * Resume, Schedule and Send again (the messages a crash left of unknown fate) actions.
 */
import * as v from 'valibot';
import { CampaignScheduleInputSchema, RPC, type Campaign } from '@lp/contracts';
import { callRpc, notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayContext,
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
} from '../routes/context.ts';

const ScheduleBodySchema = v.object({ scheduledFor: CampaignScheduleInputSchema.entries.scheduledFor });

export function campaignRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/campaigns' });
  router.param(
    'id',
    numericParam(() => notFound('Campaign not found')),
  );

  router.get('/', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.mailer.campaignsList, {}, askedBy(ctx));
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.mailer.campaignGet, { id: pathNumber(ctx) }, askedBy(ctx));
  });

  type Action = 'campaign.pause' | 'campaign.resume' | 'campaign.schedule' | 'campaign.resend_unknown';
  /** The action under its audit entry (stored first); the entry names the campaign as it is after. */
  const act = async (ctx: GatewayContext, action: Action, effect: (id: number) => Promise<Campaign>, details = {}) => {
    const id = pathNumber(ctx);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action, target: `campaign ${id}`, details },
      () => effect(id),
      (c) => ({
        details: { name: c.name, status: c.status },
      }),
    );
  };

  router.post('/:id/pause', (ctx) =>
    act(ctx, 'campaign.pause', (id) => callRpc(bus, RPC.mailer.campaignPause, { id }, askedBy(ctx))),
  );

  router.post('/:id/resume', (ctx) =>
    act(ctx, 'campaign.resume', (id) => callRpc(bus, RPC.mailer.campaignResume, { id }, askedBy(ctx))),
  );

  // Staff decide to send again what a crash left of unknown fate (a recipient may get two).
  router.post('/:id/resend-unknown', (ctx) =>
    act(ctx, 'campaign.resend_unknown', (id) => callRpc(bus, RPC.mailer.campaignResendUnknown, { id }, askedBy(ctx))),
  );

  router.post('/:id/schedule', async (ctx) => {
    const { scheduledFor } = validate(ScheduleBodySchema, ctx.request.body ?? {});
    await act(
      ctx,
      'campaign.schedule',
      (id) => callRpc(bus, RPC.mailer.campaignSchedule, { id, scheduledFor }, askedBy(ctx)),
      { scheduledFor },
    );
  });

  return router;
}
