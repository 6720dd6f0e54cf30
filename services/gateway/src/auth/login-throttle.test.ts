import { describe, expect, it } from 'vitest';
import { delayAfter, LoginThrottle } from './login-throttle.ts';

const setup = (max = 5, perAddress = 20) => {
  let now = 0;
  const lockouts: string[] = [];
  const t = new LoginThrottle({
    maxPerUserAddress: max,
    maxPerAddress: perAddress,
    windowMs: 15 * 60_000,
    now: () => now,
    onLockout: (scope) => lockouts.push(scope),
  });
  return { t, lockouts, advance: (ms: number) => (now += ms) };
};

/** Tries to sign in and fails; the seconds to wait when refused, else 0. */
const fail = (t: LoginThrottle, user: string, address: string) => {
  const r = t.reserve(user, address);
  return r.ok ? 0 : r.retryAfterSeconds;
};

describe('sign-in throttle', () => {
  it('grows the delay between failures, then locks the username+address pair and counts the lockout', () => {
    const { t, lockouts, advance } = setup();
    expect(fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(1); // must wait 1 s after the third failure
    advance(1000);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(0);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(2);
    advance(2000);
    expect(fail(t, 'owner', '203.0.113.9')).toBe(0); // fifth failure: locked
    expect(lockouts).toEqual(['user_address']);
    advance(60_000);
    expect(fail(t, 'OWNER', '203.0.113.9')).toBeGreaterThan(10 * 60);
    expect([0, 1000, 2000, 4000].map((_, i) => delayAfter(i + 2))).toEqual([0, 1000, 2000, 4000]);
  });

  it('never locks the owner out from another address', () => {
    const { t, advance } = setup(3);
    for (let i = 0; i < 3; i++) {
      fail(t, 'owner', '198.51.100.66');
      advance(10_000);
    }
    expect(fail(t, 'owner', '198.51.100.66')).toBeGreaterThan(0);
    const fromHome = t.reserve('owner', '203.0.113.9');
    expect(fromHome.ok).toBe(true);
  });

  it('holds under concurrency: reservations are counted before any password is checked', () => {
    const { t } = setup(5);
    const results = Array.from({ length: 30 }, () => t.reserve('owner', '203.0.113.9'));
    const passed = results.filter((r) => r.ok).length;
    expect(passed).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(5);
  });

  it('limits one address across usernames, and a success refunds its reservation', () => {
    const { t, lockouts } = setup(5, 4);
    const ok = t.reserve('owner', '203.0.113.9');
    if (ok.ok) ok.succeeded();
    for (let i = 0; i < 4; i++) expect(fail(t, `user${i}`, '203.0.113.9')).toBe(0);
    expect(fail(t, 'user9', '203.0.113.9')).toBeGreaterThan(0);
    expect(lockouts).toEqual(['address']);
    expect(fail(t, 'user9', '192.0.2.1')).toBe(0);
  });
});
