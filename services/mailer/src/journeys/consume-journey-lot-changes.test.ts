import { describe, expect, it } from 'vitest';
import type { Lot } from '@lp/contracts';
import { lotChangeKindsOf } from './consume-journey-lot-changes.ts';

const lot = (status: Lot['status']) => ({ status }) as Lot;
const kinds = (status: Lot['status'], changes: Record<string, { from: unknown; to: unknown }>) =>
  [...lotChangeKindsOf({ lot: lot(status), changes })].sort();

describe('lotChangeKindsOf', () => {
  it('reads a moved status and a moved price on a lot not sold, as lot alerts do', () => {
    expect(kinds('available', { status: { from: 'reserved', to: 'available' } })).toEqual(['any', 'status']);
    expect(kinds('available', { price: { from: 100_000, to: 95_000 } })).toEqual(['any', 'price']);
    expect(kinds('sold', { status: { from: 'available', to: 'sold' }, price: { from: 1, to: 2 } })).toEqual([
      'any',
      'status',
    ]);
  });

  it('finds nothing in a change of tags, size or description, or a value that did not move', () => {
    expect(kinds('available', { tags: { from: [], to: ['featured'] } })).toEqual([]);
    expect(kinds('sold', { price: { from: 1, to: 2 } })).toEqual([]);
    expect(kinds('available', { price: { from: 5, to: 5 } })).toEqual([]);
  });
});
