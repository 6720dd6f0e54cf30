import { type Counters, rateLimited } from '@lp/runtime';

/**
 * Fixed-window counters keyed by anything (IP, username). Kept in the gateway's memory: each
 * replica limits on its own, which is the intent (cheap, no shared store on the hot path).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfter(key: string): number {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= this.now()) return 0;
    return h.count >= this.max ? Math.ceil((h.resetAt - this.now()) / 1000) : 0;
  }

  /** Counts one hit; returns seconds to wait when the limit is exceeded, else 0. */
  hit(key: string): number {
    const now = this.now();
    let h = this.hits.get(key);
    if (!h || h.resetAt <= now) {
      h = { count: 0, resetAt: now + this.windowMs };
      this.hits.set(key, h);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    h.count++;
    return h.count > this.max ? Math.ceil((h.resetAt - now) / 1000) : 0;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, h] of this.hits) if (h.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * A limit on one kind of request: at most `max` per key in each window of `windowMs`. With
 * `bodyUnread`, a refusal also closes the connection: the body it did not read is still on it.
 */
export type RequestLimit = { name: string; max: number; windowMs: number; message: string; bodyUnread?: boolean };

/**
 * Counts a request against a limit under each of its keys (e.g. the staff user and the client
 * address, `ctx.ip`: behind TRUST_PROXY the address the trusted proxy appended, else the socket's,
 * so a spoofed X-Forwarded-For is no new key). Past the limit under any key it throws 429 with
 * Retry-After (the error envelope) and counts `gateway_rate_limited_total{limit}`.
 */
export function requestLimiter(
  counters: Counters,
  limit: RequestLimit,
): (ctx: { set(field: string, value: string): void }, ...keys: string[]) => void {
  const limiter = new RateLimiter(limit.max, limit.windowMs);
  return (ctx, ...keys) => {
    let wait = 0;
    for (const key of keys) wait = Math.max(wait, limiter.hit(key));
    if (wait === 0) return;
    counters.inc('gateway_rate_limited_total', { limit: limit.name });
    if (limit.bodyUnread) ctx.set('Connection', 'close');
    throw rateLimited(limit.message, wait);
  };
}
