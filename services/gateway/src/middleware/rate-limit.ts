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
