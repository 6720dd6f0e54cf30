/**
 * Drill-down filters on PGlite with the service's migrations, against figures worked out by hand
 * from a handful of visits, and against the unfiltered answer: a source's row in the whole site's
 * table is what filtering by that source counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_FILTER_KEYS, ANALYTICS_FILTER_MAX_LENGTH, eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';
import { askOf } from './analytics-ask.ts';
import { forgetUnviewedKeptViews, keptViewKey } from './kept-days.ts';
import { readFilteredWebAnalytics } from './read-filtered-web-analytics.ts';
import { readWebAnalytics } from './read-web-analytics.ts';

const NOW = new Date('2026-11-25T20:00:00-07:00');
const daysAgo = (days: number, minutes = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 + minutes * 60_000).toISOString();
const GOOGLE = 'https://www.google.com/search?q=lake+powell+lots';
const PAGE_AZ = { country: 'US', region: 'Arizona', city: 'Page' };
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
        pv('ann', daysAgo(2), { referrer: GOOGLE, deviceType: 'mobile', browser: 'Safari', os: 'iOS', ...PAGE_AZ }),
        pv('ann', daysAgo(2, 1), { path: '/lots/7', deviceType: 'mobile', browser: 'Safari', os: 'iOS' }),
        // bob: from Google on a desktop, lot 12 only (a bounce); back directly a day ago.
        pv('bob', daysAgo(3), { path: '/lots/12', referrer: GOOGLE, country: 'US', region: 'Utah', city: 'Kanab' }),
        pv('bob', daysAgo(1), { path: '/' }),
        // cat: the newsletter's spring campaign on a phone, lot 7 then the contact page.
        pv('cat', daysAgo(4), {
          path: '/lots/7',
          deviceType: 'mobile',
          utmSource: 'newsletter',
          utmMedium: 'email',
          utmCampaign: 'spring',
          utmTerm: 'lake powell lots',
          utmContent: 'hero-button',
          country: 'US',
          region: 'Arizona',
          city: 'Phoenix',
        }),
        pv('cat', daysAgo(4, 2), { path: '/contact', deviceType: 'mobile' }),
        // dan: from Google ten days ago (the previous 7 days).
        pv('dan', daysAgo(10), { path: '/blog', referrer: GOOGLE, deviceType: 'mobile' }),
        // A year before: eve from Google on 22 Nov 2025 (two pages), fay directly on 24 Nov 2025.
        pv('eve', '2025-11-22T17:00:00Z', { referrer: GOOGLE }),
        pv('eve', '2025-11-22T17:01:00Z', { path: '/lots/7' }),
        pv('fay', '2025-11-24T17:00:00Z', { path: '/lots/12' }),
      ],
    });
  }, 60_000);
  afterAll(() => db?.close());

  const read = (filters: Parameters<typeof readFilteredWebAnalytics>[2]) =>
    readFilteredWebAnalytics(db.knex, askOf({ days: 7 }, NOW), filters);

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

  it('narrows to a region or a city by its label, and lists the places of what it keeps', async () => {
    const az = await read({ region: 'Arizona, US' });
    expect(az).toMatchObject({ totalVisits: 2, uniqueVisitors: 2, pageviews: 4 });
    expect(rows(az.top.cities)).toEqual([
      { value: 'Page, Arizona, US', visits: 1, pageviews: 2 },
      { value: 'Phoenix, Arizona, US', visits: 1, pageviews: 2 },
    ]);
    expect(rows(az.top.countries)).toEqual([{ value: 'US', visits: 2, pageviews: 4 }]);
    const page = await read({ city: 'Page, Arizona, US', country: 'US' });
    expect(page).toMatchObject({ totalVisits: 1, pageviews: 2 });
    // Visits with no known place: bob's second visit (direct, a day ago).
    const unknown = await read({ country: '' });
    expect(unknown).toMatchObject({ totalVisits: 1, pageviews: 1 });
    expect(unknown.top.regions).toEqual([]);
  });

  it("narrows to a campaign's term or content, the first page view's", async () => {
    const hero = await read({ utm_content: 'hero-button' });
    expect(hero).toMatchObject({ totalVisits: 1, pageviews: 2 });
    expect(rows(hero.top.terms)).toEqual([{ value: 'lake powell lots', visits: 1, pageviews: 2 }]);
    expect((await read({ utm_term: '' })).totalVisits).toBe(3);
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
    const all = await readWebAnalytics(db.knex, askOf({ days: 7 }, NOW));
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

describe('web analytics over custom days, compared with the previous period or the same days last year', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', daysAgo(2), { referrer: GOOGLE }),
        pv('ann', daysAgo(2, 1), { path: '/lots/7' }),
        pv('bob', daysAgo(3), { path: '/lots/12', referrer: GOOGLE }),
        pv('cat', daysAgo(4), { path: '/lots/7' }),
        pv('eve', '2025-11-22T17:00:00Z', { referrer: GOOGLE }),
        pv('eve', '2025-11-22T17:01:00Z', { path: '/lots/7' }),
        pv('fay', '2025-11-24T17:00:00Z', { path: '/lots/12' }),
      ],
    });
  }, 60_000);
  afterAll(() => db?.close());

  /** Both readers: the roll-ups (no filter) and the stored visits (a filter that keeps every visit). */
  const both = async (input: Parameters<typeof askOf>[0]) => {
    const ask = askOf(input, NOW);
    return [await readWebAnalytics(db.knex, ask), await readFilteredWebAnalytics(db.knex, ask, { device: 'desktop' })];
  };
  const visitsOf = (series: { day: string; visits: number }[]) =>
    series.filter((d) => d.visits > 0).map((d) => [d.day, d.visits]);

  it('answers custom days with the days before them: 22–23 Nov against 20–21 Nov', async () => {
    for (const r of await both({ from: '2026-11-22', to: '2026-11-23' })) {
      expect(r).toMatchObject({ from: '2026-11-22', to: '2026-11-23', days: 2, custom: true });
      expect(r).toMatchObject({ totalVisits: 2, pageviews: 3 });
      expect(r.series.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
      expect(r.comparison).toMatchObject({ compare: 'previous', from: '2026-11-20', to: '2026-11-21', days: 2 });
      expect(r.previous).toMatchObject({ totalVisits: 1, pageviews: 1, bounceRate: 100 });
      expect(visitsOf(r.comparison.series)).toEqual([['2026-11-21', 1]]);
      expect(r.top.entryPages.map((e) => e.value)).toEqual(['/', '/lots/12']);
    }
  });

  it('compares the last 7 days with the same days a year earlier, day by day', async () => {
    for (const r of await both({ days: 7, compare: 'year' })) {
      expect(r).toMatchObject({ from: '2026-11-19', to: '2026-11-25', days: 7, custom: false, totalVisits: 3 });
      expect(r.comparison).toMatchObject({ compare: 'year', from: '2025-11-19', to: '2025-11-25', days: 7 });
      expect(r.previous).toMatchObject({ totalVisits: 2, uniqueVisitors: 2, pageviews: 3 });
      expect(r.comparison.series).toHaveLength(7);
      expect(visitsOf(r.comparison.series)).toEqual([
        ['2025-11-22', 1],
        ['2025-11-24', 1],
      ]);
    }
    const google = await readFilteredWebAnalytics(db.knex, askOf({ days: 7, compare: 'year' }, NOW), {
      source: 'google.com',
    });
    expect(google).toMatchObject({ totalVisits: 2 });
    expect(google.previous).toMatchObject({ totalVisits: 1, pageviews: 2, bounceRate: 0 });
  });

  it('counts a visit in both periods when a year-long range and last year overlap', async () => {
    // 24 Nov 2025 – 24 Nov 2026 (366 days) against 24 Nov 2024 – 24 Nov 2025: fay's visit on 24 Nov 2025 is in both.
    for (const r of await both({ from: '2025-11-24', to: '2026-11-24', compare: 'year' })) {
      expect(r).toMatchObject({ days: 366, totalVisits: 4 });
      expect(r.comparison).toMatchObject({ from: '2024-11-24', to: '2025-11-24', days: 366 });
      expect(r.previous).toMatchObject({ totalVisits: 2 });
      expect(visitsOf(r.comparison.series)).toEqual([
        ['2025-11-22', 1],
        ['2025-11-24', 1],
      ]);
      expect(visitsOf(r.series)[0]).toEqual(['2025-11-24', 1]);
    }
  });

  it('refuses days that end after today, naming the field', () => {
    expect(() => askOf({ from: '2026-11-20', to: '2026-11-26' }, NOW)).toThrow(
      expect.objectContaining({
        status: 400,
        details: { fields: { to: ['The last day can be today (2026-11-25) at the latest'] } },
      }),
    );
    expect(askOf({ from: '2026-11-20', to: '2026-11-25' }, NOW).period.days).toBe(6);
  });
});

describe('filtered days kept between views', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', daysAgo(2), { referrer: GOOGLE }),
        pv('ann', daysAgo(2, 1), { path: '/lots/7' }),
        pv('bob', daysAgo(3), { path: '/lots/12', referrer: GOOGLE }),
        pv('cat', daysAgo(4), { path: '/lots/7' }),
        pv('dan', daysAgo(9), { path: '/blog', referrer: GOOGLE }),
      ],
    });
  }, 60_000);
  afterAll(() => db?.close());

  const GOOGLE_ONLY = { source: 'google.com' };
  const read = () => readFilteredWebAnalytics(db.knex, askOf({ days: 7 }, NOW), GOOGLE_ONLY);
  /** Each kept day of the view with its row version: a day worked out again gets a new one. */
  const keptDays = async () => {
    const rows = await db.knex.raw<{ rows: { day: string; xmin: string; visits: number }[] }>(
      `select day::text as day, f.xmin::text as xmin, visits from analytics.filtered_days f
       join analytics.kept_views v on v.id = f.kept_view where v.view = ? order by day`,
      [keptViewKey({ filters: GOOGLE_ONLY })],
    );
    return rows.rows;
  };
  const changed = (before: { day: string; xmin: string }[], after: { day: string; xmin: string }[]) =>
    after.filter((a) => before.find((b) => b.day === a.day)?.xmin !== a.xmin).map((a) => a.day);

  it('names a view one way, whatever the order of its filters', () => {
    const key = (filters: Record<string, string>) => keptViewKey({ filters });
    expect(key({ source: 'google.com', device: 'mobile' })).toBe(key({ device: 'mobile', source: 'google.com' }));
    expect(key({ source: 'google.com' })).not.toBe(key({ source: 'google.com', device: '' }));
    expect(keptViewKey({ filters: {}, goal: 'page:/lots/*' })).not.toBe(keptViewKey({ filters: {} }));
  });

  it('answers a view asked again from its kept days, working out only a day that changed since', async () => {
    const first = await read();
    expect(first).toMatchObject({ totalVisits: 2, uniqueVisitors: 2, pageviews: 3 });
    expect(first.previous).toMatchObject({ totalVisits: 1, pageviews: 1 });
    const kept = await keptDays();
    // Every day of both periods that has visits, the ones without a Google visit at zero.
    expect(kept.map((d) => [d.day, d.visits])).toEqual([
      ['2026-11-16', 1],
      ['2026-11-21', 0],
      ['2026-11-22', 1],
      ['2026-11-23', 1],
    ]);

    expect(await read()).toEqual(first);
    expect(changed(kept, await keptDays())).toEqual([]);

    // A late visit from Google three days ago, and a late page of ann's visit two days ago.
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [pv('eli', daysAgo(3, 30), { referrer: GOOGLE }), pv('ann', daysAgo(2, 5), { path: '/contact' })],
    });
    const later = await read();
    expect(later).toMatchObject({ totalVisits: 3, uniqueVisitors: 3, pageviews: 5 });
    expect(later.top.pages.map((p) => [p.value, p.pageviews])).toContainEqual(['/contact', 1]);
    const after = await keptDays();
    expect(changed(kept, after)).toEqual(['2026-11-22', '2026-11-23']);
    expect(await read()).toEqual(later);
    expect(changed(after, await keptDays())).toEqual([]);
  });

  it('works every day out again after a refresh, to the same answer', async () => {
    const before = await read();
    const kept = await keptDays();
    await refreshRollups(db.knex, '2026-11-10', '2026-11-25');
    expect(await read()).toEqual(before);
    expect(changed(kept, await keptDays())).toEqual(kept.map((d) => d.day));
  });

  it('keeps a view of every filter at its longest', async () => {
    // Characters that do not repeat, so the name cannot shrink by compression either.
    const longest = Object.fromEntries(
      ANALYTICS_FILTER_KEYS.map((k, i) => [
        k,
        Array.from({ length: ANALYTICS_FILTER_MAX_LENGTH }, (_, j) =>
          String.fromCharCode(0x4e00 + ((i * 7919 + j * 104_729) % 20_000)),
        ).join(''),
      ]),
    );
    const answer = await readFilteredWebAnalytics(db.knex, askOf({ days: 7 }, NOW), longest);
    expect(answer).toMatchObject({ totalVisits: 0, filters: longest });
    expect(await readFilteredWebAnalytics(db.knex, askOf({ days: 7 }, NOW), longest)).toEqual(answer);
  });

  it('forgets a view nobody opened for a month, and works it out again when one does', async () => {
    const before = await read();
    expect(await forgetUnviewedKeptViews(db.knex)).toBe(0);
    await db.knex.raw(`update analytics.kept_views set viewed_at = now() - interval '31 days' where view = ?`, [
      keptViewKey({ filters: GOOGLE_ONLY }),
    ]);
    expect(await forgetUnviewedKeptViews(db.knex)).toBe(1);
    expect(await keptDays()).toEqual([]);
    expect(await read()).toEqual(before);
    expect((await keptDays()).length).toBe(4);
  });
});
