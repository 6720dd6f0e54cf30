/**
 * Campaigns under `/api/marketing/campaigns`: the table, one campaign's progress (by numeric id
 * or by the campaign id a send answered), and the Pause, Resume, Schedule and Send again (the
 * messages a crash left of unknown fate) actions.
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
  numberInPath,
  numericParam,
  pathNumber,
} from '../routes/context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const campaignNotFound = () => notFound('Campaign not found');

const ScheduleBodySchema = v.object({ scheduledFor: CampaignScheduleInputSchema.entries.scheduledFor });

export function campaignRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/campaigns' });
  router.param('id', numericParam(campaignNotFound));

  router.get('/', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.mailer.campaignsList, {}, askedBy(ctx));
  });

  // By numeric id, or by the request id a send answered with.
  router.get('/:campaign', async (ctx) => {
    const raw = ctx.params.campaign ?? '';
    const by = UUID.test(raw) ? { requestId: raw.toLowerCase() } : { id: numberInPath(raw, campaignNotFound) };
    ctx.body = await callRpc(bus, RPC.mailer.campaignGet, by, askedBy(ctx));
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
