/**
 * `POST /api/inbound/{sendgrid|mailgun|postmark|raw}`: mail from a provider's inbound webhook.
 * The gateway checks and hands over; the mailer, which owns the inbox, parses and stores.
 * Steps, each failure counted in `gateway_inbound_mail_total{provider,result}`: at most
 * WEBHOOK_RATE_LIMIT posts a minute per address (429, `gateway_rate_limited_total`) → the shared
 * secret (401 before a byte of the body is read; nothing stored) → admission: at most
 * INBOUND_PARSE_CONCURRENCY + INBOUND_PARSE_QUEUE posts in at once (503 with Retry-After, `busy`)
 * → the body spooled to a temporary file at the client's pace, capped at INBOUND_MAX_BYTES (413)
 * → from here the server sets the pace (no idle timeout): the post's turn among
 * INBOUND_PARSE_CONCURRENCY → handed over to the mailer (inbound/hand-over-inbound-post.ts),
 * which parses it with the provider's parser (400/415 for what is not its post) and stores it
 * (503 while the bus or the mailer cannot: providers retry) → 200 `{ messageId, duplicate }`,
 * only once the message is committed in the inbox. A client that hangs up before its post is
 * handed over has nothing stored; its provider posts again.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INBOUND_PROVIDERS, type InboundProvider } from '@lp/contracts';
import { AppError, notFound, parseSlots, unauthorized } from '@lp/runtime';
import { checkWebhookSecret } from '../inbound/check-webhook-secret.ts';
import { handOverInboundPost, type InboundPost } from '../inbound/hand-over-inbound-post.ts';
import { requestLimiter } from '../middleware/rate-limit.ts';
import { discardRest, spoolCappedBody } from '../middleware/read-capped-body.ts';
import { whileServerPaced, withoutIdleTimeout } from '../middleware/server-paced.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { type GatewayDeps, askedBy, createRouter } from '../routes/context.ts';

const tooLarge = (limit: number) => () =>
  new AppError(413, 'payload_too_large', `The message is larger than ${Math.floor(limit / 1024 / 1024)} MB`);

const isProvider = (p: string): p is InboundProvider => (INBOUND_PROVIDERS as readonly string[]).includes(p);

/** How long a refused provider is asked to wait: about one large post's parse. */
const BUSY_RETRY_AFTER_SECONDS = 30;
const DISCARD_BUDGET = 64 * 1024 * 1024;

/** Hands a spooled post over: the mailer's answer once the message is stored, or 503 while it cannot. */
async function handOver(deps: GatewayDeps, post: InboundPost, ctx: { state: GatewayState }, signal: AbortSignal) {
  const provider = post.source;
  const count = (result: string) => deps.counters.inc('gateway_inbound_mail_total', { provider, result });
  const accepted = await handOverInboundPost(deps.bus, post, {
    ...askedBy(ctx),
    unavailableMessage: 'The message could not be stored right now; please retry',
    signal,
  }).catch((err: unknown) => {
    // A poster that hung up is nobody's failure: its provider posts again.
    if (signal.aborted) throw err;
    const status = err instanceof AppError ? err.status : 500;
    if (status >= 400 && status < 500) count(status === 413 ? 'too_large' : 'invalid');
    // The mailer's own parses are all taken: as busy as this gateway's admission, not a failure.
    else if (err instanceof AppError && err.details?.retryAfterSeconds) count('busy');
    else {
      count('failed');
      ctx.state.log.error({ err, provider }, 'inbound mail not stored');
    }
    throw err;
  });
  count(accepted.duplicate ? 'duplicate' : 'accepted');
  ctx.state.log.info(
    { provider, messageId: accepted.messageId, duplicate: accepted.duplicate },
    'inbound mail accepted',
  );
  return accepted;
}

export function inboundRoutes(deps: GatewayDeps) {
  const { config, counters, knex, log } = deps;
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
  const slots = parseSlots(config.INBOUND_PARSE_CONCURRENCY, config.INBOUND_PARSE_QUEUE);
  const cap = {
    limit: config.INBOUND_MAX_BYTES,
    tooLarge: tooLarge(config.INBOUND_MAX_BYTES),
    discardBudget: DISCARD_BUDGET,
  };

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
    const admission = slots.admit();
    if (!admission) {
      count('busy');
      ctx.set('Connection', 'close');
      discardRest(ctx.req, DISCARD_BUDGET);
      throw new AppError(503, 'unavailable', 'Too many messages are arriving at once; please retry', {
        retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
      });
    }
    const hungUp = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) hungUp.abort(new AppError(400, 'bad_request', 'The client hung up'));
    };
    ctx.res.once('close', onClose);
    let spoolDir: string | undefined;
    try {
      ctx.body = await withoutIdleTimeout(ctx.req.socket, async () => {
        spoolDir = await mkdtemp(join(tmpdir(), 'lp-inbound-'));
        const body = { path: join(spoolDir, 'body'), size: 0 };
        body.size = await spoolCappedBody(ctx.req, body.path, cap).catch((err: unknown) => {
          if (err instanceof AppError && err.status === 413) count('too_large');
          ctx.set('Connection', 'close');
          throw err;
        });
        if (body.size === 0) {
          count('invalid');
          throw new AppError(400, 'bad_request', 'The request has no body');
        }
        return whileServerPaced(ctx.req.socket, async () => {
          await admission.turn(hungUp.signal);
          const stream = createReadStream(body.path, { highWaterMark: 256 * 1024 });
          const post = { source: provider, contentType: ctx.get('content-type'), body: stream };
          return handOver(deps, post, ctx, hungUp.signal);
        });
      });
    } finally {
      ctx.res.off('close', onClose);
      admission.release();
      if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
    }
  });

  return router;
}
