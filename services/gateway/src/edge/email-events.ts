/**
 * `POST /api/email-events/{provider}`: a mail provider's event webhook (SendGrid's Event Webhook
 * format). Refused without WEBHOOK_SECRET, given as `?secret=` or as the basic-auth password.
 * The batch is validated, published on the MAIL stream and answered 200 only once stored (the
 * provider retries anything else); the mailer de-duplicates each event by its id. Posts past
 * WEBHOOK_RATE_LIMIT a minute from one address are answered 429, before the secret is checked.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { eventMeta, SendGridEventsSchema, SUBJECTS, type ProviderEventsReceived } from '@lp/contracts';
import { AppError, notFound, requestIdHeaders, unauthorized } from '@lp/runtime';
import { requestLimiter } from '../middleware/rate-limit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, createRouter, publishOrUnavailable } from '../routes/context.ts';

const same = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

function givenSecret(query: unknown, authorization: string): string {
  const q = (query as { secret?: unknown }).secret;
  if (typeof q === 'string') return q;
  const m = /^Basic\s+(\S.*)$/i.exec(authorization);
  if (!m) return '';
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

export function emailEventRoutes({ config, bus, counters, knex, log }: GatewayDeps) {
  const router = createRouter();
  const throttle = requestLimiter(
    { counters, knex, log },
    {
      name: 'email_events',
      max: config.WEBHOOK_RATE_LIMIT,
      windowMs: 60_000,
      message: 'Too many event posts from this address; retry later',
    },
  );

  router.post('/api/email-events/:provider', async (ctx) => {
    const provider = ctx.params.provider;
    if (provider !== 'sendgrid') throw notFound('Unknown email provider');
    await throttle(ctx, ctx.ip);
    if (!config.WEBHOOK_SECRET) throw new AppError(503, 'unavailable', 'Email event webhooks are not configured');
    if (!same(givenSecret(ctx.query, ctx.get('authorization')), config.WEBHOOK_SECRET)) {
      counters.inc('gateway_email_events_total', { provider, result: 'refused' });
      ctx.set('WWW-Authenticate', 'Basic realm="email-events"');
      throw unauthorized('Wrong or missing webhook secret');
    }
    const events = validate(SendGridEventsSchema, ctx.request.body);
    const batch: ProviderEventsReceived = { ...eventMeta(), provider, events };
    // The same batch posted again (a provider retry) is one message on the stream.
    const msgId = createHash('sha256')
      .update(events.map((e) => e.sg_event_id).join('\n'))
      .digest('hex');
    await publishOrUnavailable(
      () => bus.publish(SUBJECTS.providerEventsReceived, batch, { msgId, headers: requestIdHeaders(ctx.state.reqId) }),
      'Events could not be stored right now; retry later',
    );
    counters.inc('gateway_email_events_total', { provider, result: 'stored' });
    ctx.body = { received: events.length };
  });

  return router;
}
