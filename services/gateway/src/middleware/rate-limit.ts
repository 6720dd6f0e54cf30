/**
 * Rate limits that hold across every gateway replica: the counts live in `gateway.rate_counters`
 * (PostgreSQL, or PGlite in the embedded product: same SQL), so N replicas allow what one does.
 *
 * - `requestLimiter`: one upsert per limited request (contact form, imports, webhooks). While
 *   the database cannot be reached it counts in this process alone rather than fail the request.
 * - `BatchedRateLimiter`: for the pixel hot path, which must not wait on the database: it answers
 *   from a local allowance (the shared count at the last sync plus this replica's hits since) and
 *   sends its hits in one batched upsert a second. Replicas may overshoot by about a second's hits.
 *
 * Ended windows are pruned by whichever replica counts next after a minute without pruning.
 */
import { type Counters, type Knex, type Logger, rateLimited } from '@lp/runtime';
import { addHits, type BucketCount, pruneRateCounters } from '../queries/rate-counters.ts';

const PRUNE_EVERY_MS = 60_000;
const lastPruned = new WeakMap<Knex, number>();

/** Deletes ended windows at most once a minute per database handle, without waiting for it. */
export function pruneNowAndThen(knex: Knex, now: number, log?: Logger): void {
  if (now - (lastPruned.get(knex) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(knex, now);
  pruneRateCounters(knex, now).catch((err: unknown) => log?.warn({ err }, 'rate counter pruning failed'));
}

/**
 * A limit on one kind of request: at most `max` per key in each window of `windowMs`. With
 * `bodyUnread`, a refusal also closes the connection: the body it did not read is still on it.
 */
export type RequestLimit = { name: string; max: number; windowMs: number; message: string; bodyUnread?: boolean };

/**
 * Counts a request against a limit under each of its keys (e.g. the staff user and the client
 * address, `ctx.ip`: behind TRUST_PROXY the address the trusted proxy appended, else the socket's,
 * so a spoofed X-Forwarded-For is no new key), in the counters every replica shares. Past the
 * limit under any key it throws 429 with Retry-After (the error envelope) and counts
 * `gateway_rate_limited_total{limit}`. Refused requests are counted too: hammering does not help.
 */
export function requestLimiter(
  { counters, knex, log }: { counters: Counters; knex: Knex; log?: Logger },
  limit: RequestLimit,
  now: () => number = Date.now,
): (ctx: { set(field: string, value: string): void }, ...keys: string[]) => Promise<void> {
  const local = new LocalWindows(limit.windowMs);
  return async (ctx, ...keys) => {
    const at = now();
    const buckets = [...new Set(keys)].map((key) => ({ bucket: `${limit.name}:${key}`, n: 1 }));
    let counts: Map<string, BucketCount>;
    try {
      counts = await addHits(knex, buckets, limit.windowMs, at);
      pruneNowAndThen(knex, at, log);
    } catch (err) {
      // A form or webhook that does not otherwise need this database keeps working without it.
      log?.warn({ err, limit: limit.name }, 'shared rate limit unavailable; limiting in this process');
      counts = new Map(buckets.map(({ bucket }) => [bucket, local.hit(bucket, at)]));
    }
    let waitMs = 0;
    for (const { count, resetAt } of counts.values()) if (count > limit.max) waitMs = Math.max(waitMs, resetAt - at);
    if (waitMs <= 0) return;
    counters.inc('gateway_rate_limited_total', { limit: limit.name });
    if (limit.bodyUnread) ctx.set('Connection', 'close');
    throw rateLimited(limit.message, Math.ceil(waitMs / 1000));
  };
}

/** Fixed windows in this process's memory: the fallback while the shared counters are away. */
class LocalWindows {
  private readonly hits = new Map<string, BucketCount>();
  constructor(private readonly windowMs: number) {}

  hit(bucket: string, now: number): BucketCount {
    let h = this.hits.get(bucket);
    if (!h || h.resetAt <= now) {
      h = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(bucket, h);
      if (this.hits.size > 50_000) for (const [k, old] of this.hits) if (old.resetAt <= now) this.hits.delete(k);
    }
    h.count++;
    return { ...h };
  }
}

type Allowance = { shared: number; pending: number; resetAt: number };

/**
 * A fixed-window limit answered synchronously from this replica's memory and kept in step with
 * the shared count by a batched upsert every `syncMs` (only while there are hits to send).
 */
export class BatchedRateLimiter {
  private readonly keys = new Map<string, Allowance>();
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(
    private readonly opts: {
      knex: Knex;
      name: string;
      max: number;
      windowMs: number;
      syncMs?: number;
      log?: Logger;
      now?: () => number;
    },
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Counts one hit; returns seconds to wait when the limit is exceeded, else 0. */
  hit(key: string): number {
    const now = this.now();
    let a = this.keys.get(key);
    if (!a || a.resetAt <= now) {
      // Hits still unsent stay owed to the shared count; the local window starts afresh.
      a = { shared: 0, pending: a?.pending ?? 0, resetAt: now + this.opts.windowMs };
      this.keys.set(key, a);
      if (this.keys.size > 50_000) this.sweep(now);
    }
    a.pending++;
    this.timer ??= setTimeout(() => void this.sync(), this.opts.syncMs ?? 1000).unref();
    return a.shared + a.pending > this.opts.max ? Math.ceil((a.resetAt - now) / 1000) : 0;
  }

  /** Sends the hits counted since the last sync and takes the shared counts back. */
  async sync(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.syncing) await this.syncing;
    const sent = new Map<string, number>();
    for (const [key, a] of this.keys) if (a.pending > 0) sent.set(key, a.pending);
    if (sent.size === 0) return;
    const prefix = `${this.opts.name}:`;
    const run = async () => {
      const now = this.now();
      try {
        const counts = await addHits(
          this.opts.knex,
          [...sent].map(([key, n]) => ({ bucket: prefix + key, n })),
          this.opts.windowMs,
          now,
        );
        pruneNowAndThen(this.opts.knex, now, this.opts.log);
        for (const [key, n] of sent) {
          const a = this.keys.get(key);
          const c = counts.get(prefix + key);
          if (!a || !c) continue;
          a.pending = Math.max(0, a.pending - n);
          a.shared = c.count;
          a.resetAt = c.resetAt;
        }
      } catch (err) {
        // Kept as pending: sent with the next sync; meanwhile this replica still limits alone.
        this.opts.log?.warn({ err, limit: this.opts.name }, 'rate limit sync failed');
      }
    };
    this.syncing = run().finally(() => (this.syncing = undefined));
    await this.syncing;
  }

  /** Stops the timer and sends what is left (at shutdown). */
  async stop(): Promise<void> {
    await this.sync();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private sweep(now: number) {
    for (const [k, a] of this.keys) if (a.resetAt <= now && a.pending === 0) this.keys.delete(k);
  }
}
