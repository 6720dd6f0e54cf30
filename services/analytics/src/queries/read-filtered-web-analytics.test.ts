/**
 * Drill-down filters on PGlite with the service's migrations, against figures worked out by hand
 * from a handful of visits, and against the unfiltered answer: a source's row in the whole site's
 * table is what filtering by that source counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { readFilteredWebAnalytics } from './read-filtered-web-analytics.ts';
import { readWebAnalytics } from './read-web-analytics.ts';

const NOW = new Date('2026-11-25T20:00:00-07:00');
const daysAgo = (days: number, minutes = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 + minutes * 60_000).toISOString();
const GOOGLE = 'https://www.google.com/search?q=lake+powell+lots';
const rows = (table: { value: string; visits: number; pageviews: number }[]) =>
  table.map(({ value, visits, pageviews }) => ({ value, visits, pageviews }));

describe('web analytics narrowed by filters', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        // ann: from Google on a phone, home then lot 7.
        pv('ann', daysAgo(2), { referrer: GOOGLE, deviceType: 'mobile', browser: 'Safari', os: 'iOS' }),
        pv('ann', daysAgo(2, 1), { path: '/lots/7', deviceType: 'mobile', browser: 'Safari', os: 'iOS' }),
        // bob: from Google on a desktop, lot 12 only (a bounce); back directly a day ago.
        pv('bob', daysAgo(3), { path: '/lots/12', referrer: GOOGLE }),
        pv('bob', daysAgo(1), { path: '/' }),
        // cat: the newsletter's spring campaign on a phone, lot 7 then the contact page.
        pv('cat', daysAgo(4), {
          path: '/lots/7',
          deviceType: 'mobile',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'spring',
        }),
        pv('cat', daysAgo(4, 2), { path: '/contact', deviceType: 'mobile' }),
        // dan: from Google ten days ago (the previous 7 days).
        pv('dan', daysAgo(10), { path: '/blog', referrer: GOOGLE, deviceType: 'mobile' }),
      ],
    });
  }, 60_000);
  afterAll(() => db?.close());

  const read = (filters: Parameters<typeof readFilteredWebAnalytics>[2]) =>
    readFilteredWebAnalytics(db.knex, 7, filters, NOW);

  it('counts only the visits of a source, in every figure and table, and its previous period', async () => {
    const a = await read({ source: 'google.com' });
    expect(a.filters).toEqual({ source: 'google.com' });
    expect(a).toMatchObject({ totalVisits: 2, uniqueVisitors: 2, pageviews: 3, bounceRate: 50 });
    expect(a.previous).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, pageviews: 1, bounceRate: 100 });
    expect(rows(a.top.pages)).toEqual([
      { value: '/', visits: 0, pageviews: 1 },
      { value: '/lots/12', visits: 0, pageviews: 1 },
      { value: '/lots/7', visits: 0, pageviews: 1 },
    ]);
    expect(rows(a.top.devices)).toEqual([
      { value: 'desktop', visits: 1, pageviews: 1 },
      { value: 'mobile', visits: 1, pageviews: 2 },
    ]);
    expect(rows(a.top.entryPages)).toEqual([
      { value: '/', visits: 1, pageviews: 2 },
      { value: '/lots/12', visits: 1, pageviews: 1 },
    ]);
    expect(a.series.reduce((n, d) => n + d.visits, 0)).toBe(2);
    expect(a.series.find((d) => d.day === '2026-11-23')).toEqual({
      day: '2026-11-23',
      visits: 1,
      visitors: 1,
      pageviews: 2,
    });
  });

  it('combines filters: all must match', async () => {
    const a = await read({ source: 'google.com', device: 'mobile' });
    expect(a).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, pageviews: 2, bounceRate: 0 });
    expect(rows(a.top.browsers)).toEqual([{ value: 'Safari', visits: 1, pageviews: 2 }]);
    expect(a.top.operatingSystems.map((r) => r.value)).toEqual(['iOS']);
  });

  it('keeps the visits that viewed a page, counting only the matching page views; * matches a prefix', async () => {
    const lots = await read({ page: '/lots/*' });
    expect(lots).toMatchObject({ totalVisits: 3, uniqueVisitors: 3, pageviews: 3 });
    expect(rows(lots.top.pages)).toEqual([
      { value: '/lots/7', visits: 0, pageviews: 2 },
      { value: '/lots/12', visits: 0, pageviews: 1 },
    ]);
    expect(rows(lots.top.sources)).toEqual([
      { value: 'google.com', visits: 2, pageviews: 2 },
      { value: 'newsletter', visits: 1, pageviews: 1 },
    ]);
    expect(lots.top.campaigns.map((r) => r.value)).toEqual(['spring']);

    const exact = await read({ page: '/lots/7' });
    expect(exact).toMatchObject({ totalVisits: 2, pageviews: 2 });
    // `_` and `%` are characters of the path, not patterns.
    expect((await read({ page: '/lots_*' })).totalVisits).toBe(0);
    expect((await read({ page: '/lots/7', source: 'newsletter' })).totalVisits).toBe(1);
  });

  it("'' keeps the visits without a value: direct traffic, no campaign", async () => {
    const direct = await read({ source: '' });
    expect(direct).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, pageviews: 1 });
    expect(rows(direct.top.pages)).toEqual([{ value: '/', visits: 0, pageviews: 1 }]);
    const entry = await read({ entry_page: '/' });
    expect(entry).toMatchObject({ totalVisits: 2, uniqueVisitors: 2 });
    expect(entry.top.sources.map((r) => r.value).sort()).toEqual(['', 'google.com']);
  });

  it("agrees with the whole site's tables: a row's visits are the visits of its filter", async () => {
    const all = await readWebAnalytics(db.knex, 7, NOW);
    expect(all.top.entryPages.map((r) => [r.value, r.visits])).toEqual([
      ['/', 2],
      ['/lots/12', 1],
      ['/lots/7', 1],
    ]);
    for (const row of [...all.top.sources, ...all.top.devices]) {
      const key = all.top.sources.includes(row) ? 'source' : 'device';
      const narrowed = await read({ [key]: row.value });
      expect([key, row.value, narrowed.totalVisits, narrowed.pageviews]).toEqual([
        key,
        row.value,
        row.visits,
        row.pageviews,
      ]);
    }
    expect((await read({ browser: 'Nonexistent' })).totalVisits).toBe(0);
  });
});
