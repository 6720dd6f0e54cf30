import { describe, expect, it } from 'vitest';
import type { PublicLots } from '@lp/contracts';
import { createLotCache } from './lot-cache.ts';

const lots = (status: 'available' | 'sold'): PublicLots => ({
  lastModified: new Date(0).toISOString(),
  lots: [
    {
      number: 1,
      block: 'A',
      status,
      tags: [],
      sizeSqFt: 10000,
      price: status === 'sold' ? null : 60000,
      description: '',
      outline: { path: 'M0 0Z', label: { x: 0, y: 0 } },
      updatedAt: new Date(0).toISOString(),
    },
  ],
});

describe('the gateway lot cache', () => {
  it('asks inventory once for concurrent page loads, then serves its copy until it expires', async () => {
    let clock = 0;
    let asked = 0;
    const cache = createLotCache({ ttlMs: 1000, now: () => clock });
    const load = async () => {
      asked++;
      return lots('available');
    };
    await Promise.all([cache.get(load), cache.get(load), cache.get(load)]);
    expect(asked).toBe(1);
    clock = 999;
    await cache.get(load);
    expect(asked).toBe(1);
    clock = 1000;
    await cache.get(load);
    expect(asked).toBe(2);
  });

  it('forgets its copy and the pages rendered from it on a change, even one that lands mid-load', async () => {
    const cache = createLotCache();
    let release: (l: PublicLots) => void = () => {};
    const slow = () => new Promise<PublicLots>((r) => (release = r));
    const first = cache.get(slow);
    cache.renders.set('/map', 'old page');
    cache.invalidate(); // a lot changed while the old answer was on its way
    expect(cache.renders.size).toBe(0);
    release(lots('available'));
    expect((await first).lots[0]?.status).toBe('available');
    // The answer that predates the change is not kept: the next page load asks again.
    expect((await cache.get(async () => lots('sold'))).lots[0]?.status).toBe('sold');
  });

  it('serves the last copy while inventory cannot answer, and fails when it has none', async () => {
    let clock = 0;
    const cache = createLotCache({ ttlMs: 10, now: () => clock });
    const away = () => Promise.reject(new Error('inventory away'));
    await expect(cache.get(away)).rejects.toThrow('inventory away');
    await cache.get(async () => lots('sold'));
    clock = 100;
    expect((await cache.get(away)).lots[0]?.status).toBe('sold');
  });
});
