/**
 * The two analytics pixels (public site spec §7) as a plain `node:http` handler that runs
 * before Koa: `GET /api/analytics/pixel` (page view) and `GET /api/analytics/event-pixel`
 * (named event). A hit needs no request context, session, body parsing or web host, so it
 * gets none of them: it runs the ingestion pipeline and is answered at once with a 1×1
 * transparent GIF (`Cache-Control: no-store`), whatever happened to it — a dropped hit (rate
 * limited, bot, invalid query, buffer full) gets the same GIF with its reason in
 * `X-Pixel-Dropped`, and is counted. HEAD gets the headers and records nothing. Accepted hits
 * are published in batches by the write buffers, flushed on shutdown so every hit answered
 * while the gateway runs reaches the bus. Other methods fall through to Koa.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  analyticsPartitionOf,
  ANALYTICS_PARTITIONS,
  EventPixelQuerySchema,
  PageviewPixelQuerySchema,
  SESSION_COOKIE,
  SUBJECTS,
  type EventHit,
  type PageviewHit,
} from '@lp/contracts';
import { BatchedRateLimiter } from '../../middleware/rate-limit.ts';
import type { GatewayDeps } from '../../routes/context.ts';
import { buildEventHit, buildPageviewHit } from './build-pixel-hits.ts';
import type { ClientHints } from './client-of-user-agent.ts';
import { createHitIngestion, type IngestOutcome, type PixelRequest } from './ingest-pixel-hit.ts';
import { PIXEL_BUFFER_DEFAULTS, PixelBuffer } from './pixel-buffer.ts';

/** A 43-byte 1×1 GIF whose only pixel is transparent (GIF89a, graphic control extension). */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const PATHS = { '/api/analytics/pixel': 'pageview', '/api/analytics/event-pixel': 'event' } as const;
type PixelPath = keyof typeof PATHS;

/** The query string as Koa's ctx.query reads it: a repeated key becomes an array. */
function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

const STAFF_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;\\s]`);
/**
 * True when the request carries a non-empty staff session cookie. Only its presence is read
 * (no database lookup per hit): only a browser a staff member signed in on has one, and a
 * visitor who forged one only hides their own hits.
 */
export const hasStaffSessionCookie = (cookie: string | undefined): boolean =>
  cookie !== undefined && STAFF_COOKIE.test(cookie);

const headerText = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h);

/**
 * The low-entropy client hints Chromium sends on every secure request without being asked
 * (`Sec-CH-UA`, `Sec-CH-UA-Mobile`, `Sec-CH-UA-Platform`); undefined when the browser sent none
 * (Firefox, Safari, plain http).
 */
export function clientHintsOf(headers: IncomingMessage['headers']): ClientHints | undefined {
  const ua = headerText(headers['sec-ch-ua']);
  const mobile = headerText(headers['sec-ch-ua-mobile']);
  const platform = headerText(headers['sec-ch-ua-platform']);
  if (ua === undefined && mobile === undefined && platform === undefined) return undefined;
  return { ua, mobile, platform };
}

export type PixelEndpoint = {
  /** Answers the request when it is a pixel hit (GET or HEAD); false for anything else. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
};

export function createPixelEndpoint({ bus, knex, log, counters, config, onShutdown, geo }: GatewayDeps): PixelEndpoint {
  // Shared by every replica, but answered from memory: a hit never waits on the database.
  const limiter = new BatchedRateLimiter({
    knex,
    log,
    name: 'pixel',
    max: config.PIXEL_HITS_PER_MINUTE,
    windowMs: 60_000,
  });
  // On the embedded bus every batch is a transaction on the one embedded database, which also
  // serves the dashboard: rarer batches leave it more room.
  const embedded = bus.kind === 'memory';
  const bound = {
    maxBacklogHits: config.PIXEL_BACKLOG_MAX_HITS,
    maxBacklogBytes: config.PIXEL_BACKLOG_MAX_BYTES,
    // Distributed, a flush is a batch per partition: half a second lets each fill up under load.
    maxWaitMs: config.PIXEL_FLUSH_MS ?? (embedded ? 250 : 500),
    maxHits: config.PIXEL_BATCH_MAX_HITS ?? PIXEL_BUFFER_DEFAULTS.maxHits,
    // Batches by session partition: analytics replicas store batches of different partitions at
    // once. Embedded there is one database connection, so one buffer makes the biggest batches.
    partitions: embedded ? 1 : ANALYTICS_PARTITIONS,
    partitionOf: (hit: { sessionId: string }) => analyticsPartitionOf(hit.sessionId),
  };
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
    await Promise.all([pageviews.drain(), events.drain(), limiter.stop()]);
  });
  const ingest = {
    pageview: createHitIngestion({
      kind: 'pageview',
      schema: PageviewPixelQuerySchema,
      // Looked up only for a hit that passed the rate limit, the bot filter and its checks.
      toHit: (query, req) => buildPageviewHit(query, req, geo),
      pathOf: (hit) => hit.path,
      buffer: pageviews,
      limiter,
      counters,
    }),
    event: createHitIngestion({
      kind: 'event',
      schema: EventPixelQuerySchema,
      toHit: buildEventHit,
      pathOf: (hit) => hit.path,
      buffer: events,
      limiter,
      counters,
    }),
  };

  // The client address as Koa computes ctx.ip: behind a trusted proxy, the X-Forwarded-For
  // entry TRUST_PROXY_HOPS from the right; otherwise the socket's.
  const clientIp = (req: IncomingMessage): string => {
    if (config.TRUST_PROXY) {
      const xff = req.headers['x-forwarded-for'];
      const list = (Array.isArray(xff) ? xff.join(',') : (xff ?? ''))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const ip = list.slice(-config.TRUST_PROXY_HOPS)[0];
      if (ip) return ip;
    }
    return req.socket.remoteAddress ?? '';
  };

  // The request-duration series of each method and pixel route, resolved once (no label or
  // key handling per hit).
  const latencySeries = (method: 'GET' | 'HEAD') =>
    Object.fromEntries(
      Object.keys(PATHS).map((route) => [
        route,
        counters.latency('http_request_duration_seconds', { method, route, status_class: '2xx' }),
      ]),
    ) as Record<PixelPath, { observe(seconds: number): void }>;
  const latency = { GET: latencySeries('GET'), HEAD: latencySeries('HEAD') };

  return {
    handle(req, res) {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const path = (q < 0 ? url : url.slice(0, q)) as PixelPath;
      const kind = PATHS[path];
      if (!kind || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const started = performance.now();
      let outcome: IngestOutcome = { accepted: true };
      // A HEAD (link checkers, monitors) is no visit.
      if (req.method === 'GET') {
        const hit: PixelRequest = {
          ip: clientIp(req),
          userAgent: req.headers['user-agent'],
          clientHints: clientHintsOf(req.headers),
          query: parseQuery(q < 0 ? '' : url.slice(q + 1)),
          staffSession: hasStaffSessionCookie(req.headers.cookie),
          receivedAt: new Date(),
          log,
        };
        outcome = ingest[kind](hit);
      }
      const headers: Record<string, string | number> = {
        'Content-Type': 'image/gif',
        'Content-Length': TRANSPARENT_GIF.length,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      };
      if (!outcome.accepted) headers['X-Pixel-Dropped'] = outcome.reason;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : TRANSPARENT_GIF);
      latency[req.method === 'GET' ? 'GET' : 'HEAD'][path].observe((performance.now() - started) / 1000);
      return true;
    },
  };
}
