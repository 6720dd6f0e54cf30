/**
 * The two analytics pixels (public site spec §7): `GET /api/analytics/pixel` (page view) and
 * `GET /api/analytics/event-pixel` (named event). Each hit runs the ingestion pipeline and is
 * answered at once with a 1×1 transparent GIF (`Cache-Control: no-store`), whatever happened
 * to it: a dropped hit (rate limited, bot, invalid query, buffer full) gets the same GIF with
 * its reason in `X-Pixel-Dropped`, and is counted. Accepted hits are published later in
 * batches by the write buffers, which are flushed on shutdown so every hit answered while the
 * gateway runs reaches the bus. The router is mounted ahead of the request log, the session
 * lookup, JSON body parsing and the web host (routes/index.ts): a hit needs none of them.
 */
import type { Context } from 'koa';
import {
  EventPixelQuerySchema,
  PageviewPixelQuerySchema,
  SUBJECTS,
  type EventHit,
  type PageviewHit,
} from '@lp/contracts';
import { buildEventHit, buildPageviewHit } from '../analytics/build-pixel-hits.ts';
import { createHitIngestion, type IngestOutcome } from '../analytics/ingest-pixel-hit.ts';
import { PixelBuffer } from '../analytics/pixel-buffer.ts';
import { RateLimiter } from '../middleware/rate-limit.ts';
import { type GatewayDeps, createRouter } from './context.ts';

/** A 43-byte 1×1 GIF whose only pixel is transparent (GIF89a, graphic control extension). */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export function pixelRoutes({ bus, log, counters, config, onShutdown }: GatewayDeps) {
  const router = createRouter();
  const limiter = new RateLimiter(config.PIXEL_HITS_PER_MINUTE, 60_000);
  const bound = { maxBacklogHits: config.PIXEL_BACKLOG_MAX_HITS, maxBacklogBytes: config.PIXEL_BACKLOG_MAX_BYTES };
  const pageviews = new PixelBuffer<PageviewHit>({
    kind: 'pageview',
    subject: SUBJECTS.pageviewsRecorded,
    bus,
    log,
    counters,
    ...bound,
  });
  const events = new PixelBuffer<EventHit>({
    kind: 'event',
    subject: SUBJECTS.eventsRecorded,
    bus,
    log,
    counters,
    ...bound,
  });
  onShutdown?.(async () => {
    await Promise.all([pageviews.drain(), events.drain()]);
  });

  const ingestPageview = createHitIngestion({
    kind: 'pageview',
    schema: PageviewPixelQuerySchema,
    toHit: buildPageviewHit,
    buffer: pageviews,
    limiter,
    counters,
  });
  const ingestEvent = createHitIngestion({
    kind: 'event',
    schema: EventPixelQuerySchema,
    toHit: buildEventHit,
    buffer: events,
    limiter,
    counters,
  });

  const answer = (ctx: Context, outcome: IngestOutcome) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!outcome.accepted) ctx.set('X-Pixel-Dropped', outcome.reason);
    ctx.type = 'image/gif';
    ctx.body = TRANSPARENT_GIF;
  };
  const requestOf = (ctx: Context) => ({
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    query: ctx.query,
    receivedAt: new Date(),
    log,
  });

  // The router answers HEAD with the GET handler; a HEAD (link checkers, monitors) is no visit.
  const ingestOrSkip = (ctx: Context, ingest: typeof ingestPageview): IngestOutcome =>
    ctx.method === 'HEAD' ? { accepted: true } : ingest(requestOf(ctx));

  router.get('/api/analytics/pixel', (ctx) => answer(ctx, ingestOrSkip(ctx, ingestPageview)));
  router.get('/api/analytics/event-pixel', (ctx) => answer(ctx, ingestOrSkip(ctx, ingestEvent)));

  return router;
}
