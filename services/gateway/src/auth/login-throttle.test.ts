import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@lp/runtime';
import { clearRateCounters, openGatewayTestDb } from '../testing/gateway-test-db.ts';
import { delayAfter, LoginThrottle } from './login-throttle.ts';

let db: Database;
beforeAll(async () => {
  db = await openGatewayTestDb();
}, 180_000);
afterAll(() => db?.close());
afterEach(() => clearRateCounters(db));

const setup = (max = 5, perAddress = 20) => {
  let now = 1_800_000_000_000;
  const lockouts: string[] = [];
  const options = {
    knex: db.knex,
    maxPerUserAddress: max,
    maxPerAddress: perAddress,
    windowMs: 15 * 60_000,
    now: () => now,
    onLockout: (scope: string) => lockouts.push(scope),
  };
  // Two replicas of the gateway: each has its own throttle, both count in the one database.
  return {
    t: new LoginThrottle(options),
    replica: new LoginThrottle(options),
    lockouts,
    advance: (ms: number) => (now += ms),
  };
};

/** Tries to sign in and fails; the seconds to wait when refused, else 0. */
const fail = async (t: LoginThrottle, user: string, address: string) => {
  const r = await t.reserve(user, address);
  return r.ok ? 0 : r.retryAfterSeconds;
};

describe('sign-in throttle', () => {
  it('grows the delay between failures, then locks the username+address pair and counts the lockout', async () => {
    const { t, lockouts, advance } = setup();
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(1); // must wait 1 s after the third failure
    advance(1000);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(2);
    advance(2000);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0); // fifth failure: locked
    expect(lockouts).toEqual(['user_address']);
    advance(60_000);
    expect(await fail(t, 'OWNER', '203.0.113.9')).toBeGreaterThan(10 * 60);
    advance(15 * 60_000);
    expect(await fail(t, 'owner', '203.0.113.9')).toBe(0); // a new window
    expect([0, 1000, 2000, 4000].map((_, i) => delayAfter(i + 2))).toEqual([0, 1000, 2000, 4000]);
  });

  it('never locks the owner out from another address', async () => {
    const { t, advance } = setup(3);
    for (let i = 0; i < 3; i++) {
      await fail(t, 'owner', '198.51.100.66');
      advance(10_000);
    }
    expect(await fail(t, 'owner', '198.51.100.66')).toBeGreaterThan(0);
    const fromHome = await t.reserve('owner', '203.0.113.9');
    expect(fromHome.ok).toBe(true);
  });

  it('holds under concurrency, across replicas: reservations are counted before any password is checked', async () => {
    const { t, replica } = setup(5);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? t : replica).reserve('owner', '203.0.113.9')),
    );
    const passed = results.filter((r) => r.ok).length;
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(5);
  });

  it('limits one address across usernames on every replica, and a success refunds its reservation', async () => {
    const { t, replica, lockouts } = setup(5, 4);
    const ok = await t.reserve('owner', '203.0.113.9');
    if (ok.ok) await ok.succeeded();
    for (let i = 0; i < 4; i++) expect(await fail(i % 2 ? t : replica, `user${i}`, '203.0.113.9')).toBe(0);
    expect(await fail(replica, 'user9', '203.0.113.9')).toBeGreaterThan(0);
    expect(await fail(t, 'user8', '203.0.113.9')).toBeGreaterThan(0);
    expect(lockouts).toEqual(['address']);
    expect(await fail(t, 'user9', '192.0.2.1')).toBe(0);
  });
});
