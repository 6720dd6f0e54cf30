/**
 * `POST /api/marketing/single-send`: a broadcast to a list, a segment or to chosen contacts. The mailer
 * stores it as a campaign and the answer, 202, carries the campaign's id (the one its page and
 * actions use); the mailer then resolves the audience and sends. The audit entry is stored
 * before the mailer is asked: without it nothing is sent. With the mailer away nothing is stored
 * and staff get a 503 to retry. `POST /api/marketing/campaigns` stores a draft the same way
 * (Create Campaign). `POST /api/marketing/test-send` mails one test copy at once.
 */
import type * as v from 'valibot';
import { eventMeta, RPC, SingleSendSchema, TestSendSchema, type SendAccepted, type SendRequested } from '@lp/contracts';
import { AppError, unavailable } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayContext, type GatewayDeps, askFor, createRouter } from '../routes/context.ts';

export function singleSendRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing' });

  const ask = askFor(bus);
  const store = async (ctx: GatewayContext, s: v.InferOutput<typeof SingleSendSchema>, draft: boolean) => {
    const event: SendRequested = {
      ...eventMeta(),
      send: {
        name: s.name || s.subject,
        subject: s.subject,
        fromName: s.fromName,
        fromEmail: s.fromEmail,
        content: s.content,
        previewText: s.previewText,
        audience: s.listId ? { listId: s.listId } : s.segmentId ? { segmentId: s.segmentId } : { emails: s.recipients },
        scheduledFor: s.scheduledFor ?? null,
        draft,
        ...(s.abTest ? { abTest: s.abTest } : {}),
      },
    };
    const intent = {
      action: draft ? ('campaign.create' as const) : ('email.send' as const),
      details: {
        subject: s.subject,
        audience: s.listId
          ? `list ${s.listId}`
          : s.segmentId
            ? `segment ${s.segmentId}`
            : `${s.recipients?.length ?? 0} recipients`,
        ...(s.scheduledFor ? { scheduledFor: s.scheduledFor } : {}),
        ...(s.abTest
          ? {
              abTest: {
                subjectB: s.abTest.variantB.subject,
                testShare: s.abTest.testShare,
                winnerBy: s.abTest.winnerBy,
                decideAfterHours: s.abTest.decideAfterHours,
              },
            }
          : {}),
      },
    };
    const accepted: SendAccepted = await audited(
      knex,
      ctx.state,
      intent,
      () =>
        ask(ctx, RPC.mailer.campaignCreate, event).catch((err: unknown) => {
          if (!(err instanceof AppError && err.status === 503)) throw err;
          ctx.state.log.error({ err }, 'send request not stored: the mailer did not answer');
          throw unavailable('The email could not be queued right now. Please try again.');
        }),
      (c) => ({ target: `campaign ${c.campaignId}` }),
    );
    ctx.state.log.info({ campaignId: accepted.campaignId, draft }, 'send request stored');
    ctx.status = 202;
    ctx.body = accepted;
  };

  router.post('/single-send', (ctx) => store(ctx, validate(SingleSendSchema, ctx.request.body), false));
  router.post('/campaigns', (ctx) => store(ctx, validate(SingleSendSchema, ctx.request.body), true));

  router.post('/test-send', async (ctx) => {
    const input = validate(TestSendSchema, ctx.request.body);
    ctx.body = await audited(
      knex,
      ctx.state,
      { action: 'email.test_send', target: input.to, details: { subject: input.subject } },
      () => ask(ctx, RPC.mailer.testSend, input, 30_000),
      (r) => ({ details: { delivered: r.delivered } }),
    );
  });

  return router;
}
