/**
 * `POST /api/inbound/{sendgrid|mailgun|postmark|raw}`: mail from a provider's inbound webhook.
 * Steps, each failure counted in `gateway_inbound_mail_total{provider,result}`: at most
 * WEBHOOK_RATE_LIMIT posts a minute per address (429, `gateway_rate_limited_total`) → the shared secret (401 before a byte of the body is read; nothing stored) → the body, capped at
 * INBOUND_MAX_BYTES (413) → the provider's parser (400/415 for what is not its post) → JetStream
 * in parts (503 while the bus cannot store them: providers retry) → 200 `{ messageId, duplicate }`.
 */
import { INBOUND_PROVIDERS, type InboundProvider } from '@lp/contracts';
import { AppError, isBusError, notFound, unauthorized } from '@lp/runtime';
import { checkWebhookSecret } from '../inbound/check-webhook-secret.ts';
import { parseInboundPost } from '../inbound/parse-inbound-post.ts';
import { publishInboundMail } from '../inbound/publish-inbound-mail.ts';
import { requestLimiter } from '../middleware/rate-limit.ts';
import { readCappedBody } from '../middleware/read-capped-body.ts';
import { type GatewayDeps, createRouter } from './context.ts';

const tooLarge = (limit: number) => () =>
  new AppError(413, 'payload_too_large', `The message is larger than ${Math.floor(limit / 1024 / 1024)} MB`);

const isProvider = (p: string): p is InboundProvider => (INBOUND_PROVIDERS as readonly string[]).includes(p);

export function inboundRoutes({ config, bus, counters, knex, log }: GatewayDeps) {
  const router = createRouter();
  const throttle = requestLimiter(
    { counters, knex, log },
    {
      name: 'inbound_mail',
      max: config.WEBHOOK_RATE_LIMIT,
      windowMs: 60_000,
      message: 'Too many posts from this address; retry later',
      bodyUnread: true,
    },
  );

  router.post('/api/inbound/:provider', async (ctx) => {
    const provider = ctx.params.provider ?? '';
    if (!isProvider(provider)) throw notFound(`Unknown provider; use one of ${INBOUND_PROVIDERS.join(', ')}`);
    const count = (result: string) => counters.inc('gateway_inbound_mail_total', { provider, result });
    await throttle(ctx, ctx.ip);

    if (!checkWebhookSecret(config.WEBHOOK_SECRET, ctx.query.secret, ctx.get('authorization'))) {
      count('unauthorized');
      ctx.set('Connection', 'close');
      ctx.set('WWW-Authenticate', 'Basic realm="inbound mail"');
      throw unauthorized('A valid webhook secret is required');
    }
    const cap = {
      limit: config.INBOUND_MAX_BYTES,
      tooLarge: tooLarge(config.INBOUND_MAX_BYTES),
      discardBudget: 64 * 1024 * 1024,
    };
    const body = await readCappedBody(ctx.req, cap).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 413) count('too_large');
      ctx.set('Connection', 'close');
      throw err;
    });
    const mail = await parseInboundPost(provider, body, ctx.get('content-type')).catch((err: unknown) => {
      count('invalid');
      throw err;
    });
    try {
      const accepted = await publishInboundMail(bus, mail, ctx.state.reqId);
      count(accepted.duplicate ? 'duplicate' : 'accepted');
      ctx.state.log.info(
        { provider, messageId: mail.messageId, attachments: mail.attachments.length, duplicate: accepted.duplicate },
        'inbound mail accepted',
      );
      ctx.body = accepted;
    } catch (err) {
      if (!isBusError(err)) throw err;
      count('failed');
      ctx.state.log.error({ err, provider, messageId: mail.messageId }, 'inbound mail not stored');
      throw new AppError(503, 'unavailable', 'The message could not be stored right now; please retry');
    }
  });

  return router;
}
