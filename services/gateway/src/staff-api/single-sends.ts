/**
 * `POST /api/marketing/single-send`: a broadcast to a list or to chosen contacts. The request is
 * published on the MAIL stream and answered 202 with the campaign id only once JetStream stored
 * it; the mailer resolves the audience and sends. The audit entry is stored before the publish:
 * without it nothing is sent. `POST /api/marketing/campaigns` stores a draft
 * the same way (Create Campaign). `POST /api/marketing/test-send` mails one test copy at once.
 */
import type * as v from 'valibot';
import { eventMeta, RPC, SingleSendSchema, SUBJECTS, TestSendSchema, type SendRequested } from '@lp/contracts';
import { requestIdHeaders } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import {
  type GatewayContext,
  type GatewayDeps,
  askFor,
  createRouter,
  publishOrUnavailable,
} from '../routes/context.ts';

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
        audience: s.listId ? { listId: s.listId } : { emails: s.recipients },
        scheduledFor: s.scheduledFor ?? null,
        draft,
      },
    };
    const intent = {
      action: draft ? ('campaign.create' as const) : ('email.send' as const),
      target: `campaign ${event.id}`,
      details: {
        subject: s.subject,
        audience: s.listId ? `list ${s.listId}` : `${s.recipients?.length ?? 0} recipients`,
        ...(s.scheduledFor ? { scheduledFor: s.scheduledFor } : {}),
      },
    };
    await audited(knex, ctx.state, intent, () =>
      publishOrUnavailable(
        () =>
          bus.publish(SUBJECTS.sendRequested, event, { msgId: event.id, headers: requestIdHeaders(ctx.state.reqId) }),
        'The email could not be queued right now. Please try again.',
        (err) => ctx.state.log.error({ err, failure: err.name }, 'send request not stored'),
      ),
    );
    ctx.state.log.info({ campaignId: event.id, draft }, 'send request stored');
    ctx.status = 202;
    ctx.body = { campaignId: event.id, status: draft ? 'draft' : event.send.scheduledFor ? 'scheduled' : 'active' };
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
