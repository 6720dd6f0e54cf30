import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows max hits per window, then asks to wait until the window ends', () => {
    let now = 0;
    const rl = new RateLimiter(2, 60_000, () => now);
    expect(rl.hit('a')).toBe(0);
    expect(rl.hit('a')).toBe(0);
    expect(rl.retryAfter('a')).toBe(60);
    expect(rl.hit('a')).toBe(60);
    expect(rl.hit('b')).toBe(0);
    now = 30_000;
    expect(rl.hit('a')).toBe(30);
    now = 60_001;
    expect(rl.hit('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const rl = new RateLimiter(1, 1000, () => 0);
    rl.hit('x');
    expect(rl.retryAfter('x')).toBe(1);
    rl.reset('x');
    expect(rl.retryAfter('x')).toBe(0);
  });
});
