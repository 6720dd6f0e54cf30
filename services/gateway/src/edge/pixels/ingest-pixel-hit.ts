/**
 * The ingestion pipeline of one pixel hit (after Plausible's ingestion steps): named steps
 * run in order, and the first one that drops the hit ends it with a reason from a fixed set,
 * counted as `gateway_hits_dropped_total{reason}` and logged. The pipeline never waits for
 * the bus: an accepted hit is handed to the write buffer, which publishes it later.
 *
 * Staff are never visitors: a hit from a browser holding a staff session cookie
 * (`staff_session`) or for a dashboard page (`staff_page`) is dropped, whatever the tracker did
 * (it sends neither; this is the server's half of that rule).
 *
 * How a drop is answered: always with the same GIF as an accepted hit (an image request never
 * gets a JSON body), the reason in the `X-Pixel-Dropped` header and the counter. Invalid
 * queries log their field errors.
 */
import * as v from 'valibot';
import { fieldErrorsOf, isStaffPath } from '@lp/contracts';
import type { Counters, Logger } from '@lp/runtime';
import type { ClientHints } from './client-of-user-agent.ts';
import { isBotUserAgent } from './is-bot-user-agent.ts';
import type { HitKind } from './pixel-buffer.ts';

export const HIT_DROP_REASONS = [
  'rate_limited',
  'bot',
  'invalid_query',
  'staff_session',
  'staff_page',
  'buffer_full',
  'publish_failed',
] as const;
export type HitDropReason = (typeof HIT_DROP_REASONS)[number];

export type PixelRequest = {
  ip: string;
  userAgent: string | undefined;
  /** The low-entropy client hints Chromium sends on its own (Sec-CH-UA, -Mobile, -Platform), when it sent any. */
  clientHints?: ClientHints;
  /** The parsed query string, unchecked. */
  query: unknown;
  /** The request carries the staff session cookie: a signed-in (or recently signed-in) staff browser. */
  staffSession?: boolean;
  receivedAt: Date;
  log: Logger;
};

export type IngestOutcome = { accepted: true } | { accepted: false; step: string; reason: HitDropReason };

type Drop = { reason: HitDropReason; fields?: Record<string, string[]> };
type State<H> = { req: PixelRequest; hit?: H };
type Step<H> = readonly [name: string, run: (s: State<H>) => Drop | undefined];

// Drops that happen by the thousand (floods, crawlers) log at debug; the rest say more (a
// warning at most once a second per reason, with the number of hits it stands for).
const LOG_LEVEL: Record<HitDropReason, 'debug' | 'info' | 'warn'> = {
  rate_limited: 'debug',
  bot: 'debug',
  invalid_query: 'info',
  staff_session: 'debug',
  staff_page: 'debug',
  buffer_full: 'warn',
  publish_failed: 'warn',
};

const WARN_EVERY_MS = 1000;
const ACCEPTED: IngestOutcome = { accepted: true };

export function createHitIngestion<S extends v.GenericSchema, H>(opts: {
  kind: HitKind;
  schema: S;
  /** The hit from the checked query and its request (receipt time, raw query, user agent). */
  toHit: (query: v.InferOutput<S>, req: PixelRequest) => H;
  /** The page a hit was sent from (null when it names none). */
  pathOf: (hit: H) => string | null;
  buffer: { add(hit: H): boolean };
  limiter: { hit(key: string): number };
  counters: Counters;
}): (req: PixelRequest) => IngestOutcome {
  const { kind, counters } = opts;
  const accepted = counters.series('gateway_hits_accepted_total', { kind });
  const warned: Partial<Record<HitDropReason, { at: number; since: number }>> = {};

  const steps: Step<H>[] = [
    ['check_rate_limit', ({ req }) => (opts.limiter.hit(req.ip) > 0 ? { reason: 'rate_limited' } : undefined)],
    ['filter_bots', ({ req }) => (isBotUserAgent(req.userAgent) ? { reason: 'bot' } : undefined)],
    [
      'parse_query',
      (s) => {
        const r = v.safeParse(opts.schema, s.req.query);
        if (!r.success) return { reason: 'invalid_query', fields: fieldErrorsOf(r.issues) };
        s.hit = opts.toHit(r.output, s.req);
        return undefined;
      },
    ],
    [
      'filter_staff',
      ({ req, hit }) => {
        if (req.staffSession) return { reason: 'staff_session' };
        const path = hit === undefined ? null : opts.pathOf(hit);
        return path !== null && isStaffPath(path) ? { reason: 'staff_page' } : undefined;
      },
    ],
    ['buffer_hit', ({ hit }) => (hit !== undefined && opts.buffer.add(hit) ? undefined : { reason: 'buffer_full' })],
  ];

  return (req) => {
    const state: State<H> = { req };
    for (const [step, run] of steps) {
      const drop = run(state);
      if (!drop) continue;
      counters.inc('gateway_hits_dropped_total', { reason: drop.reason });
      const level = LOG_LEVEL[drop.reason];
      if (level !== 'warn')
        req.log[level]({ kind, step, reason: drop.reason, fields: drop.fields }, 'pixel hit dropped');
      else {
        // A full buffer refuses hits by the thousand a second: one line a second says so.
        const w = (warned[drop.reason] ??= { at: 0, since: 0 });
        w.since++;
        if (req.receivedAt.getTime() - w.at >= WARN_EVERY_MS) {
          req.log.warn({ kind, step, reason: drop.reason, dropped: w.since }, 'pixel hits dropped');
          w.at = req.receivedAt.getTime();
          w.since = 0;
        }
      }
      return { accepted: false, step, reason: drop.reason };
    }
    accepted.inc();
    return ACCEPTED;
  };
}
