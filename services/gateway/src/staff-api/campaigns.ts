/**
 * Campaigns under `/api/marketing/campaigns`: the table, one campaign's progress, its report
 * (links, opens and clicks over time, what came back) and recipients (a page at a time, or all as
 * CSV), a follow-up to those who did not open or click, and the Pause, Resume, Schedule, Send
 * again (the messages a crash left of unknown fate) and Pick winner (of an A/B test) actions.
 */
import * as v from 'valibot';
import {
  AbWinnerFormSchema,
  CampaignFollowUpFormSchema,
  CampaignRecipientsQuerySchema,
  CampaignScheduleInputSchema,
  csvLine,
  RPC,
  type Campaign,
  type CampaignRecipient,
} from '@lp/contracts';
import { callRpc, notFound } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { streamCsvPages } from './stream-csv-pages.ts';
import {
  type GatewayContext,
  type GatewayDeps,
  askedBy,
  createRouter,
  numericParam,
  pathNumber,
  queryOf,
} from '../routes/context.ts';

const RECIPIENTS_CSV_HEADER = [
  'email',
  'first_name',
  'last_name',
  'status',
  'sent_at',
  'opened_at',
  'clicked_at',
  'bounced_at',
  'unsubscribed_at',
];
const recipientCsvLine = (r: CampaignRecipient) =>
  csvLine([
    r.email,
    r.firstName,
    r.lastName,
    r.status,
    r.sentAt,
    r.openedAt,
    r.clickedAt,
    r.bouncedAt,
    r.unsubscribedAt,
  ]);

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

  router.get('/:id/report', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.mailer.campaignReport, { id: pathNumber(ctx) }, askedBy(ctx));
  });

  /** The recipients query string (filter, search, and a page's limit and cursor) as the mailer is asked. */
  const recipientsAsked = (ctx: GatewayContext) => {
    const q = validate(CampaignRecipientsQuerySchema, queryOf(ctx));
    return {
      id: pathNumber(ctx),
      filter: q.filter ?? 'all',
      search: q.search ?? '',
      after: q.cursor ?? null,
      limit: Number(q.limit),
    };
  };

  router.get('/:id/recipients', async (ctx) => {
    ctx.body = await callRpc(bus, RPC.mailer.campaignRecipients, recipientsAsked(ctx), askedBy(ctx));
  });

  // Every recipient the filter and search keep, streamed page after page.
  router.get('/:id/recipients/export', async (ctx) => {
    const asked = { ...recipientsAsked(ctx), limit: 2000 };
    const page = (after: number | null) =>
      callRpc(bus, RPC.mailer.campaignRecipients, { ...asked, after }, askedBy(ctx));
    await streamCsvPages(ctx, {
      filename: `campaign-${asked.id}-recipients.csv`,
      header: RECIPIENTS_CSV_HEADER,
      first: () => page(null),
      lines: (p) => p.items.map(recipientCsvLine),
      next: (p) => (p.next === null ? null : page(p.next)),
    });
  });

  // "Send to those who did not open" (or click): a new campaign, audited, answered like a send (202).
  router.post('/:id/follow-up', async (ctx) => {
    const form = validate(CampaignFollowUpFormSchema, ctx.request.body ?? {});
    const id = pathNumber(ctx);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'campaign.follow_up', target: `campaign ${id}`, details: { ...form } },
      () => callRpc(bus, RPC.mailer.campaignFollowUp, { ...form, id, requestId: crypto.randomUUID() }, askedBy(ctx)),
      (accepted) => ({ details: { ...form, followUp: accepted.campaignId } }),
    );
    ctx.status = 202;
  });

  type Action =
    'campaign.pause' | 'campaign.resume' | 'campaign.schedule' | 'campaign.resend_unknown' | 'campaign.ab_winner';
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

  // Staff pick an A/B test's winner by hand (409 once picked); the rest of the audience is sent it.
  router.post('/:id/ab-winner', async (ctx) => {
    const { variant } = validate(AbWinnerFormSchema, ctx.request.body ?? {});
    await act(
      ctx,
      'campaign.ab_winner',
      (id) => callRpc(bus, RPC.mailer.campaignAbWinner, { id, variant }, askedBy(ctx)),
      { variant },
    );
  });

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
