/**
 * Sign-in throttling, per username *and* address together (so nobody can lock the owner out
 * from elsewhere) and per address across usernames (so one client cannot try many accounts).
 *
 * An attempt is reserved before the password is hashed, so concurrent attempts cannot all
 * pass a check that is only counted after the ~1 s hash; a successful sign-in refunds its
 * reservation. Within a username+address pair the first failures are free (typos), then each
 * further one must wait a growing delay (1 s, 2 s, 4 s …, capped), and at the limit the pair is
 * locked until its 15-minute window ends. Kept in this process's memory, like the other limits.
 */
export type LoginThrottleOptions = {
  /** Failed attempts allowed per username+address per window. */
  maxPerUserAddress: number;
  /** Failed attempts allowed per address (any usernames) per window. */
  maxPerAddress: number;
  windowMs: number;
  now?: () => number;
  /** Called when a key becomes locked for the rest of its window. */
  onLockout?: (scope: 'user_address' | 'address') => void;
};

/** Failures before delays start, and the longest delay between attempts. */
const FREE_FAILURES = 2;
const MAX_DELAY_MS = 60_000;

type Entry = { count: number; resetAt: number; nextAt: number };

export type Reservation = { ok: true; succeeded(): void } | { ok: false; retryAfterSeconds: number };

/** Delay before the attempt after `failures` failures: 0, 0, 1 s, 2 s, 4 s … up to a minute. */
export const delayAfter = (failures: number) =>
  failures <= FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);

export class LoginThrottle {
  private readonly pairs = new Map<string, Entry>();
  private readonly addresses = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly opts: LoginThrottleOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Counts an attempt as failed up front; `succeeded()` takes it back. */
  reserve(username: string, address: string): Reservation {
    const now = this.now();
    const pairKey = `${username.toLowerCase()}\n${address}`;
    const pair = this.entry(this.pairs, pairKey, now);
    const addr = this.entry(this.addresses, address, now);
    const wait = Math.max(
      this.waitFor(pair, this.opts.maxPerUserAddress, now),
      this.waitFor(addr, this.opts.maxPerAddress, now),
    );
    if (wait > 0) return { ok: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    pair.count++;
    addr.count++;
    pair.nextAt = now + delayAfter(pair.count);
    if (pair.count === this.opts.maxPerUserAddress) this.opts.onLockout?.('user_address');
    if (addr.count === this.opts.maxPerAddress) this.opts.onLockout?.('address');
    let settled = false;
    return {
      ok: true,
      succeeded: () => {
        if (settled) return;
        settled = true;
        this.pairs.delete(pairKey);
        if (addr.count > 0) addr.count--;
      },
    };
  }

  private waitFor(e: Entry, max: number, now: number): number {
    if (e.count >= max) return e.resetAt - now;
    return Math.max(0, e.nextAt - now);
  }

  private entry(map: Map<string, Entry>, key: string, now: number): Entry {
    let e = map.get(key);
    if (!e || e.resetAt <= now) {
      e = { count: 0, resetAt: now + this.opts.windowMs, nextAt: 0 };
      map.set(key, e);
      if (map.size > 50_000) for (const [k, old] of map) if (old.resetAt <= now) map.delete(k);
    }
    return e;
  }
}
