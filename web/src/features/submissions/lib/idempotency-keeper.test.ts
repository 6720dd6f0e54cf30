import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, fingerprintOf } from './idempotency-keeper';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('idempotency keeper', () => {
  it('reuses the key for the same payload (retry, double click), whatever the key order', () => {
    const keeper = createIdempotencyKeeper(counter());
    const a = keeper.keyFor({ firstName: 'Ann', email: 'a@b.co' });
    expect(keeper.keyFor({ email: 'a@b.co', firstName: 'Ann' })).toBe(a);
  });

  it('issues a new key when the payload changes', () => {
    const keeper = createIdempotencyKeeper(counter());
    expect(keeper.keyFor({ firstName: 'Ann' })).toBe('key-1');
    expect(keeper.keyFor({ firstName: 'Anne' })).toBe('key-2');
    expect(keeper.keyFor({ firstName: 'Ann' })).toBe('key-3');
  });

  it('issues a new key after a reset (a deliberate second message)', () => {
    const keeper = createIdempotencyKeeper(counter());
    keeper.keyFor({ x: 1 });
    keeper.reset();
    expect(keeper.keyFor({ x: 1 })).toBe('key-2');
  });

  it('uses real UUIDs by default', () => {
    expect(createIdempotencyKeeper().keyFor({})).toMatch(/^[0-9a-f-]{36}$/);
    expect(fingerprintOf({ b: 1, a: { d: 1, c: 2 } })).toBe('{"a":{"c":2,"d":1},"b":1}');
  });
});
