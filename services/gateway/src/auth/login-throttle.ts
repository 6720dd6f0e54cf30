/**
 * Sign-in throttling, per username *and* address together (so nobody can lock the owner out
 * from elsewhere) and per address across usernames (so one client cannot try many accounts).
 * The counts live in `gateway.rate_counters`, so every gateway replica enforces the same limits.
 *
 * An attempt is reserved before the password is hashed, so concurrent attempts cannot all
 * pass a check that is only counted after the ~1 s hash; a successful sign-in refunds its
 * reservation. Within a username+address pair the first failures are free (typos), then each
 * further one must wait a growing delay (1 s, 2 s, 4 s …, capped), and at the limit the pair is
 * locked until its 15-minute window ends. A refused attempt is not counted (it cost no hash).
 */
import { createHash } from 'node:crypto';
import type { Knex, Logger } from '@lp/runtime';
import { pruneNowAndThen } from '../middleware/rate-limit.ts';
import { type Backoff, backoffAfter, forgetBucket, refundHit, reserveHit } from '../queries/rate-counters.ts';

export type LoginThrottleOptions = {
  knex: Knex;
  /** Failed attempts allowed per username+address per window. */
  maxPerUserAddress: number;
  /** Failed attempts allowed per address (any usernames) per window. */
  maxPerAddress: number;
  windowMs: number;
  now?: () => number;
  log?: Logger;
  /** Called when a key becomes locked for the rest of its window. */
  onLockout?: (scope: 'user_address' | 'address') => void;
};

/** Failures before delays start, then 1 s doubling up to a minute. */
const BACKOFF: Backoff = { free: 2, baseMs: 1000, maxMs: 60_000 };

export type Reservation =
  /** `clean`: no earlier failure is counted against the address in this window. */
  { ok: true; clean: boolean; succeeded(): Promise<void> } | { ok: false; retryAfterSeconds: number };

/** Delay before the attempt after `failures` failures: 0, 0, 1 s, 2 s, 4 s … up to a minute. */
export const delayAfter = (failures: number) => backoffAfter(failures, BACKOFF);

export class LoginThrottle {
  private readonly now: () => number;

  constructor(private readonly opts: LoginThrottleOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Counts an attempt as failed up front; `succeeded()` takes it back. */
  async reserve(username: string, address: string): Promise<Reservation> {
    const { knex, windowMs } = this.opts;
    const now = this.now();
    // The typed name is stored hashed: it may be a password typed into the wrong field.
    const name = createHash('sha256').update(username.toLowerCase()).digest('base64url');
    const pairKey = `login_pair:${name}:${address}`;
    const addrKey = `login_address:${address}`;
    const addr = await reserveHit(knex, addrKey, { max: this.opts.maxPerAddress, windowMs, now });
    if (!addr.ok) return { ok: false, retryAfterSeconds: Math.ceil(addr.waitMs / 1000) };
    const pair = await reserveHit(knex, pairKey, {
      max: this.opts.maxPerUserAddress,
      windowMs,
      now,
      backoff: BACKOFF,
    });
    pruneNowAndThen(knex, now, this.opts.log);
    if (!pair.ok) {
      // This attempt is not made: the address keeps only the attempts that were.
      await refundHit(knex, addrKey);
      return { ok: false, retryAfterSeconds: Math.ceil(pair.waitMs / 1000) };
    }
    if (pair.count === this.opts.maxPerUserAddress) this.opts.onLockout?.('user_address');
    if (addr.count === this.opts.maxPerAddress) this.opts.onLockout?.('address');
    let settled = false;
    return {
      ok: true,
      clean: addr.count === 1,
      succeeded: async () => {
        if (settled) return;
        settled = true;
        await forgetBucket(knex, pairKey);
        await refundHit(knex, addrKey);
      },
    };
  }
}
