import { describe, expect, it } from 'vitest';
import type { Lot } from '@lp/contracts';
import { arrangeLots, joinInterest, nextSort } from './arrange-lots';

const lot = (number: number, over: Partial<Lot> = {}): Lot => ({
  number,
  block: 'A',
  status: 'available',
  tags: [],
  sizeSqFt: 10000 + number,
  price: 50000 + number * 1000,
  description: '',
  outline: { path: 'M0 0Z', label: { x: 0, y: 0 } },
  updatedAt: new Date(2026, 0, number).toISOString(),
  updatedBy: null,
  version: 1,
  ...over,
});

const lots = [
  lot(1, { status: 'sold', tags: ['premium-lake-view'] }),
  lot(2, { tags: ['featured', 'builder-package'] }),
  lot(3, { status: 'reserved', price: 40000 }),
  lot(4, { tags: ['premium-lake-view'] }),
];
const interest = {
  range: '30d' as const,
  days: 30 as const,
  from: '',
  to: '',
  lots: [
    { number: 4, pageViews: 9, mapClicks: 2, leads: 1, watchers: 0 },
    { number: 2, pageViews: 3, mapClicks: 5, leads: 0, watchers: 3 },
    { number: 3, pageViews: 0, mapClicks: 0, leads: 0, watchers: 1 },
  ],
  viewsUnavailable: false,
  leadsUnavailable: false,
  watchersUnavailable: false,
};

describe('the staff lots table rows', () => {
  const rows = joinInterest(lots, interest);
  const all = { status: 'all', tag: 'all' } as const;

  it('shows each lot with its interest, zero when it drew none', () => {
    expect(rows.map((r) => [r.number, r.pageViews, r.mapClicks, r.leads])).toEqual([
      [1, 0, 0, 0],
      [2, 3, 5, 0],
      [3, 0, 0, 0],
      [4, 9, 2, 1],
    ]);
  });

  it('leaves a count unknown, not zero, while it is loading or its service did not answer', () => {
    expect(joinInterest(lots, undefined).map((r) => [r.pageViews, r.mapClicks, r.leads])).toEqual(
      lots.map(() => [null, null, null]),
    );
    const withoutLeads = joinInterest(lots, { ...interest, leadsUnavailable: true });
    expect(withoutLeads.map((r) => [r.number, r.pageViews, r.leads])).toEqual([
      [1, 0, null],
      [2, 3, null],
      [3, 0, null],
      [4, 9, null],
    ]);
    const withoutViews = joinInterest(lots, { ...interest, viewsUnavailable: true });
    expect(arrangeLots(withoutViews, all, { key: 'leads', dir: 'desc' }).map((r) => r.number)).toEqual([4, 1, 2, 3]);
    expect(withoutViews.every((r) => r.pageViews === null && r.mapClicks === null)).toBe(true);
  });

  it('shows confirmed watchers per lot, sorts by them most first, and leaves them unknown while the mailer is away', () => {
    expect(rows.map((r) => [r.number, r.watchers])).toEqual([
      [1, 0],
      [2, 3],
      [3, 1],
      [4, 0],
    ]);
    const sort = nextSort({ key: 'number', dir: 'asc' }, 'watchers');
    expect(arrangeLots(rows, all, sort).map((r) => r.number)).toEqual([2, 3, 1, 4]);
    const away = joinInterest(lots, { ...interest, watchersUnavailable: true });
    expect(away.map((r) => r.watchers)).toEqual([null, null, null, null]);
    expect(away.map((r) => r.leads)).toEqual([0, 0, 0, 1]);
  });

  it('filters by status and by tag', () => {
    expect(
      arrangeLots(rows, { ...all, status: 'available' }, { key: 'number', dir: 'asc' }).map((r) => r.number),
    ).toEqual([2, 4]);
    expect(
      arrangeLots(rows, { ...all, tag: 'premium-lake-view' }, { key: 'number', dir: 'asc' }).map((r) => r.number),
    ).toEqual([1, 4]);
  });

  it('sorts by price, status and page views, and flips on a second click', () => {
    expect(arrangeLots(rows, all, { key: 'price', dir: 'asc' }).map((r) => r.number)).toEqual([3, 1, 2, 4]);
    expect(arrangeLots(rows, all, { key: 'status', dir: 'asc' }).map((r) => r.number)).toEqual([2, 4, 3, 1]);
    const byViews = nextSort({ key: 'number', dir: 'asc' }, 'pageViews');
    expect(byViews).toEqual({ key: 'pageViews', dir: 'desc' });
    expect(arrangeLots(rows, all, byViews).map((r) => r.number)).toEqual([4, 2, 1, 3]);
    expect(nextSort(byViews, 'pageViews').dir).toBe('asc');
  });
});
