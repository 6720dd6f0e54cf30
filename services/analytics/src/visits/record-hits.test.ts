/**
 * Visits, bounces, durations and roll-ups against hand-computed fixtures, on PGlite with the
 * service's migrations: the 30-minute boundary, a visit across midnight, engagement pings, a
 * late batch, redeliveries, and roll-ups equal to a recomputation from the raw hits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMeta, type EventHit, type EventsRecorded, type PageviewHit, type PageviewsRecorded } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { askOf } from '../queries/analytics-ask.ts';
import { readWebAnalytics } from '../queries/read-web-analytics.ts';
import { recordEventBatches, recordEvents, recordPageViewBatches, recordPageViews } from './record-hits.ts';
import { refreshRollups } from './refresh-rollups.ts';

/** Phoenix is UTC−7 all year: 10:00 there is 17:00Z. */
const phx = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-07:00`).toISOString();
const D1 = '2026-11-20';
const D2 = '2026-11-21';
const NOW = new Date(`${D2}T20:00:00-07:00`);

const ev = (sessionId: string, at: string, name: string): EventHit => ({
  at,
  sessionId,
  name,
  category: name === 'engagement' ? 'engagement' : 'lead',
  action: null,
  label: null,
  value: name === 'engagement' ? 180_000 : null,
  path: '/',
  properties: null,
});
const PAGE_AZ = { country: 'US', region: 'Arizona', city: 'Page' };
/** Places as a GeoIP database gives them: whole, without a region (Singapore), without a city, unknown. */
const PLACES: Pick<PageviewHit, 'country' | 'region' | 'city'>[] = [
  PAGE_AZ,
  { country: 'SG', region: null, city: 'Singapore' },
  { country: 'US', region: 'Utah', city: null },
  { country: null, region: null, city: null },
];
const pvBatch = (...hits: PageviewHit[]): PageviewsRecorded => ({ ...eventMeta(), hits });
const evBatch = (...hits: EventHit[]): EventsRecorded => ({ ...eventMeta(), hits });

/** 12 visitors over two days, hits 0-50 minutes apart, some pings and clicks: a fixed pseudo-random sequence in batches of 9 page views and 7 events. */
function randomBatches(): { pvBatches: PageviewsRecorded[]; evBatches: EventsRecorded[] } {
  let seed = 7;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0; // mulberry32
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pvs: PageviewHit[] = [];
  const evs: EventHit[] = [];
  for (let s = 0; s < 12; s++) {
    let t = new Date(`${D1}T20:00:00-07:00`).getTime() + Math.floor(rand() * 6 * 3_600_000);
    for (let i = 0; i < 15; i++) {
      t += Math.floor(rand() * 50 * 60_000);
      const at = new Date(t).toISOString();
      const r = rand();
      // A visitor's place (some with no region, no city, or none at all) can change between visits.
      const place = PLACES[(s + (i > 10 ? 1 : 0)) % PLACES.length]!;
      if (r < 0.6)
        pvs.push(
          pv(`v${s}`, at, {
            path: `/p${i % 4}`,
            utmCampaign: i === 0 ? `c${s % 3}` : null,
            utmTerm: i % 5 === 0 ? `t${s % 2}` : null,
            utmContent: i % 3 === 0 ? `ad${i % 2}` : null,
            ...place,
          }),
        );
      else if (r < 0.8) evs.push(ev(`v${s}`, at, 'engagement'));
      else evs.push(ev(`v${s}`, at, 'lot_click'));
    }
  }
  const chunks = <T>(list: T[], n: number) =>
    list.reduce<T[][]>((out, x, i) => (i % n ? out[out.length - 1]!.push(x) : out.push([x]), out), []);
  const pvBatches = chunks(pvs, 9).map((hits) => pvBatch(...hits));
  const evBatches = chunks(evs, 7).map((hits) => evBatch(...hits));
  return { pvBatches, evBatches };
}

describe('visits and daily roll-ups', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(async () => {
    for (const t of ['page_views', 'events', 'visits', 'daily_totals', 'daily_breakdowns'])
      await db.knex.raw(`truncate analytics.${t}`);
  });

  const visits = async () =>
    (
      await db.knex.raw<{
        rows: { session_id: string; day: string; pageviews: number; seconds: number; bounce: boolean }[];
      }>(
        `select session_id, day::text as day, pageviews,
           extract(epoch from last_at - started_at)::int as seconds, (pageviews = 1 and interactions = 0) as bounce
         from analytics.visits order by session_id, started_at`,
      )
    ).rows.map((r) => ({ ...r, seconds: Number(r.seconds) }));

  /** Visits, their pages and the roll-ups: what a recomputation from the raw hits must equal. */
  const snapshot = async () => ({
    visits: (
      await db.knex.raw(
        `select session_id, started_at, last_at, last_real_at, day::text, pageviews, interactions, entry_path, exit_path,
           pages from analytics.visits order by session_id, started_at`,
      )
    ).rows,
    totals: (
      await db.knex.raw(
        `select day::text, visits, bounces, round(duration_s::numeric, 3) as d, pageviews, encode(visitor_sketch, 'hex') as s
         from analytics.daily_totals where visits <> 0 or pageviews <> 0 order by day`,
      )
    ).rows,
    parts: (
      await db.knex.raw(
        `select day::text, dimension, value, visits, bounces, round(duration_s::numeric, 3) as d, pageviews
         from analytics.daily_breakdowns where visits <> 0 or pageviews <> 0 or bounces <> 0 order by 1, 2, 3`,
      )
    ).rows,
  });

  it('a gap over 30 minutes starts a new visit; exactly 30 minutes does not', async () => {
    await recordPageViews(
      db.knex,
      pvBatch(pv('a', phx(D1, '10:00')), pv('a', phx(D1, '10:30')), pv('a', phx(D1, '11:01'))),
    );
    expect(await visits()).toEqual([
      { session_id: 'a', day: D1, pageviews: 2, seconds: 1800, bounce: false },
      { session_id: 'a', day: D1, pageviews: 1, seconds: 0, bounce: true },
    ]);
  });

  it('a visit survives midnight and counts on the day it started', async () => {
    await recordPageViews(db.knex, pvBatch(pv('b', phx(D1, '23:50'))));
    await recordPageViews(db.knex, pvBatch(pv('b', phx(D2, '00:10'))));
    expect(await visits()).toEqual([{ session_id: 'b', day: D1, pageviews: 2, seconds: 1200, bounce: false }]);
  });

  it('an engagement ping extends the visit but is neither a page view nor an interaction; a late ping is dropped', async () => {
    await recordPageViews(db.knex, pvBatch(pv('c', phx(D1, '12:00')), pv('d', phx(D1, '14:00'))));
    await recordEvents(
      db.knex,
      evBatch(ev('c', phx(D1, '12:03'), 'engagement'), ev('d', phx(D1, '14:01'), 'schedule_viewing')),
    );
    await recordEvents(db.knex, evBatch(ev('c', phx(D1, '13:00'), 'engagement')));
    expect(await visits()).toEqual([
      { session_id: 'c', day: D1, pageviews: 1, seconds: 180, bounce: true },
      { session_id: 'd', day: D1, pageviews: 1, seconds: 60, bounce: false },
    ]);
  });

  it('a late batch merges two visits into one, and the roll-ups follow', async () => {
    await recordPageViews(db.knex, pvBatch(pv('a', phx(D1, '10:00')), pv('a', phx(D1, '10:55'))));
    expect((await readWebAnalytics(db.knex, askOf({ days: 7 }, NOW))).totalVisits).toBe(2);
    await recordPageViews(db.knex, pvBatch(pv('a', phx(D1, '10:30'), { path: '/market' })));
    expect(await visits()).toEqual([{ session_id: 'a', day: D1, pageviews: 3, seconds: 3300, bounce: false }]);
    const r = await readWebAnalytics(db.knex, askOf({ days: 7 }, NOW));
    expect(r).toMatchObject({
      totalVisits: 1,
      uniqueVisitors: 1,
      bounceRate: 0,
      averageTimeOnSite: 3300,
      pageviews: 3,
    });
  });

  it('computes the four definitions over a range, with the previous period beside them', async () => {
    // a: 2 visits (one bounce, 0 s; one 1,200 s); b: 1 visit across midnight (1,200 s);
    // c: a bounce with a 180 s ping; d: an interaction (60 s), not a bounce. Previous period: e.
    await recordPageViews(
      db.knex,
      pvBatch(
        pv('a', phx(D1, '09:00')),
        pv('a', phx(D1, '10:00'), {
          referrer: 'https://www.google.com/search',
          utmCampaign: 'spring-lots',
          utmSource: 'newsletter',
        }),
        pv('a', phx(D1, '10:20'), { path: '/market' }),
        pv('b', phx(D1, '23:50'), { deviceType: 'mobile', browser: 'Safari', os: 'iOS', ...PAGE_AZ }),
        // A visit's place is its first page view's.
        pv('b', phx(D2, '00:10'), { country: 'US', region: 'Utah', city: 'Kanab' }),
        pv('c', phx(D2, '12:00'), { country: 'US', region: 'Arizona', city: 'Phoenix' }),
        pv('d', phx(D2, '14:00')),
        pv('e', phx('2026-11-10', '08:00')),
      ),
    );
    await recordEvents(
      db.knex,
      evBatch(ev('c', phx(D2, '12:03'), 'engagement'), ev('d', phx(D2, '14:01'), 'contact_submit')),
    );
    const r = await readWebAnalytics(db.knex, askOf({ days: 7 }, NOW));
    expect(r).toMatchObject({
      totalVisits: 5,
      uniqueVisitors: 4,
      bounceRate: 40, // a's first visit and c: 2 of 5
      averageTimeOnSite: Math.round((0 + 1200 + 1200 + 180 + 60) / 5),
      previous: { totalVisits: 1, uniqueVisitors: 1, bounceRate: 100 },
    });
    expect(r.series.find((d) => d.day === D1)).toEqual({ day: D1, visits: 3, visitors: 2, pageviews: 5 });
    expect(r.top.pages[0]).toMatchObject({ value: '/', pageviews: 6 });
    expect(r.top.campaigns).toEqual([{ value: 'spring-lots', visits: 1, pageviews: 2, bounceRate: 0 }]);
    expect(r.top.sources.map((s) => s.value)).toEqual(['', 'newsletter']);
    expect(r.top.devices.map((s) => [s.value, s.visits])).toEqual([
      ['desktop', 4],
      ['mobile', 1],
    ]);
    expect(r.top.operatingSystems.map((s) => [s.value, s.visits, s.pageviews])).toEqual([
      ['Linux', 4, 5],
      ['iOS', 1, 2],
    ]);
    // Unknown places count under '' for countries; regions and cities list only the known.
    expect(r.top.countries.map((s) => [s.value, s.visits])).toEqual([
      ['', 3],
      ['US', 2],
    ]);
    expect(r.top.regions.map((s) => [s.value, s.visits, s.pageviews])).toEqual([['Arizona, US', 2, 3]]);
    expect(r.top.cities.map((s) => [s.value, s.visits])).toEqual([
      ['Page, Arizona, US', 1],
      ['Phoenix, Arizona, US', 1],
    ]);
  });

  it('roll-ups after redeliveries and out-of-order streams equal a recomputation from the raw hits', async () => {
    const b1 = pvBatch(pv('a', phx(D1, '10:00')), pv('b', phx(D1, '23:40')), pv('c', phx(D2, '09:00')));
    const b2 = pvBatch(pv('a', phx(D1, '10:25'), { path: '/lots' }), pv('b', phx(D2, '00:05')));
    const e1 = evBatch(ev('a', phx(D1, '10:26'), 'engagement'), ev('c', phx(D2, '09:02'), 'contact_submit'));
    await recordEvents(db.knex, e1); // the event stream first
    await recordPageViews(db.knex, b2); // a later batch before an earlier one
    await recordPageViews(db.knex, b1);
    await recordPageViews(db.knex, b1); // redelivered
    await recordEvents(db.knex, e1);
    const incremental = await snapshot();
    expect(incremental.visits).toHaveLength(3);
    await refreshRollups(db.knex, D1, D2);
    expect(await snapshot()).toEqual(incremental);
    await refreshRollups(db.knex, D1, D2); // idempotent
    expect(await snapshot()).toEqual(incremental);
  });

  it('hits of the same instant on both sides of a batch boundary extend the visit as a recomputation does', async () => {
    const t = phx(D1, '15:00');
    // A visit begun by a click, then page views, a click and a ping all of one millisecond, split over batches and streams.
    await recordEvents(db.knex, evBatch(ev('s', t, 'contact_submit')));
    await recordPageViews(db.knex, pvBatch(pv('s', t, { path: '/first' })));
    await recordEvents(db.knex, evBatch(ev('s', t, 'engagement')));
    await recordPageViews(db.knex, pvBatch(pv('s', t, { path: '/second' }), pv('s', phx(D1, '15:10'))));
    await recordEvents(db.knex, evBatch(ev('s', phx(D1, '15:10'), 'schedule_viewing')));
    const incremental = await snapshot();
    expect(incremental.visits).toMatchObject([{ pageviews: 3, interactions: 2, entry_path: '/first', exit_path: '/' }]);
    await refreshRollups(db.knex, D1, D1);
    expect(await snapshot()).toEqual(incremental);
  });

  it('late hits inside a long visit are added without re-reading it, and count as a recomputation counts them', async () => {
    const at = (minute: number, second = 0) =>
      new Date(Date.parse(phx(D1, '10:00')) + minute * 60_000 + second * 1000).toISOString();
    const minutes = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => pv('hot', at(from + i), { path: `/p${(from + i) % 5}` }));
    // One session id hammering the site; a batch stored after the one that followed it, as replicas may store them.
    await recordPageViews(db.knex, pvBatch(...minutes(0, 6)));
    await recordPageViews(db.knex, pvBatch(...minutes(14, 20)));
    // Another visit begun by a click, its one page view five minutes later.
    await recordEvents(db.knex, evBatch(ev('click', at(0), 'lot_click')));
    await recordPageViews(db.knex, pvBatch(pv('click', at(5), { path: '/later' })));
    const rebuilt: string[] = [];
    const watch = (q: { sql: string }) => {
      if (q.sql.includes('with hits as')) rebuilt.push(q.sql);
    };
    db.knex.on('query', watch);
    try {
      // Inside the stored visit: page views, a click and a ping, none re-reading the visit.
      await recordPageViews(db.knex, pvBatch(...minutes(7, 13), pv('hot', at(19, 30), { path: '/inside' })));
      await recordEvents(db.knex, evBatch(ev('hot', at(8), 'contact_submit'), ev('hot', at(9), 'engagement')));
      // A page view of the very instant of the last stored one: stored after it, so the exit page.
      await recordPageViews(db.knex, pvBatch(pv('hot', at(20), { path: '/tie' })));
      expect(rebuilt).toEqual([]);
      // Before the visit's first stored page view it would be the entry page: that visit is rebuilt.
      await recordPageViews(db.knex, pvBatch(pv('click', at(2), { path: '/earlier' })));
      expect(rebuilt).toHaveLength(1);
    } finally {
      db.knex.off('query', watch);
    }
    const incremental = await snapshot();
    expect(incremental.visits).toMatchObject([
      { session_id: 'click', pageviews: 2, interactions: 1, entry_path: '/earlier', exit_path: '/later' },
      { session_id: 'hot', pageviews: 23, interactions: 1, entry_path: '/p0', exit_path: '/tie' },
    ]);
    await refreshRollups(db.knex, D1, D1);
    expect(await snapshot()).toEqual(incremental);
  });

  it('the exit page is the last page view, the one stored last on a tie, as a recomputation gives', async () => {
    const t = phx(D1, '16:00');
    const visit = async () =>
      (
        await db.knex.raw<{ rows: { entry_path: string; exit_path: string }[] }>(
          'select entry_path, exit_path from analytics.visits',
        )
      ).rows;
    const exits = async () =>
      (
        await db.knex.raw<{ rows: { value: string; visits: number }[] }>(
          `select value, visits from analytics.daily_breakdowns where dimension = 'exit_page' and visits <> 0 order by value`,
        )
      ).rows;
    await recordPageViews(db.knex, pvBatch(pv('x', t, { path: '/a' }), pv('x', t, { path: '/b' })));
    expect(await visit()).toEqual([{ entry_path: '/a', exit_path: '/b' }]);
    await recordPageViews(db.knex, pvBatch(pv('x', t, { path: '/c' })));
    // A late page view (before the visit's first) moves the entry, not the exit.
    await recordPageViews(db.knex, pvBatch(pv('x', phx(D1, '15:59'), { path: '/z' })));
    expect(await visit()).toEqual([{ entry_path: '/z', exit_path: '/c' }]);
    expect(await exits()).toEqual([{ value: '/c', visits: 1 }]);
    await refreshRollups(db.knex, D1, D1);
    expect(await visit()).toEqual([{ entry_path: '/z', exit_path: '/c' }]);
    expect(await exits()).toEqual([{ value: '/c', visits: 1 }]);
  });

  it('in-order, late, cross-stream and redelivered batches of many sessions give the roll-ups of a recomputation', async () => {
    const { pvBatches, evBatches } = randomBatches();
    // Page views mostly in order, events after them, two batches late, some delivered twice.
    const order = [...pvBatches.slice(2), ...evBatches, pvBatches[1]!, pvBatches[0]!, pvBatches[3]!, evBatches[0]!];
    for (const b of order) {
      if ('name' in b.hits[0]!) await recordEvents(db.knex, b as EventsRecorded);
      else await recordPageViews(db.knex, b as PageviewsRecorded);
    }
    const incremental = await snapshot();
    expect(incremental.visits.length).toBeGreaterThan(12);
    await refreshRollups(db.knex, D1, '2026-11-23');
    expect(await snapshot()).toEqual(incremental);
  });

  it('batches stored together in one transaction (late ones, one twice, both streams) give the roll-ups of a recomputation', async () => {
    const { pvBatches, evBatches } = randomBatches();
    const hitsOf = (batches: { hits: unknown[] }[]) => batches.map((b) => b.hits.length);
    // As consumers group what waits for a partition: several at once, out of order, a batch redelivered within its own group and later.
    const pvGroups = [pvBatches.slice(2, 6), [pvBatches[1]!, pvBatches[0]!, pvBatches[1]!], pvBatches.slice(6)];
    const evGroups = [evBatches.slice(0, 3), evBatches.slice(3)];
    expect(await recordPageViewBatches(db.knex, pvGroups[0]!)).toEqual(hitsOf(pvGroups[0]!));
    expect(await recordEventBatches(db.knex, evGroups[0]!)).toEqual(hitsOf(evGroups[0]!));
    expect(await recordPageViewBatches(db.knex, pvGroups[1]!)).toEqual([
      pvBatches[1]!.hits.length,
      pvBatches[0]!.hits.length,
      0,
    ]);
    expect(await recordPageViewBatches(db.knex, pvGroups[2]!)).toEqual(hitsOf(pvGroups[2]!));
    expect(await recordEventBatches(db.knex, evGroups[1]!)).toEqual(hitsOf(evGroups[1]!));
    expect(await recordPageViewBatches(db.knex, [pvBatches[3]!, pvBatches[2]!])).toEqual([0, 0]);

    const grouped = await snapshot();
    expect(grouped.visits.length).toBeGreaterThan(12);
    await refreshRollups(db.knex, D1, '2026-11-23');
    expect(await snapshot()).toEqual(grouped);
  });

  it('buckets days in the configured site time zone: 03:00Z is the evening before in Phoenix, the same day in UTC', async () => {
    const at = '2026-11-26T03:00:00.000Z';
    const day = async () =>
      (await db.knex.raw<{ rows: { day: string }[] }>(`select day::text as day from analytics.visits`)).rows;
    await recordPageViews(db.knex, pvBatch(pv('tz', at)), 'America/Phoenix');
    expect(await day()).toEqual([{ day: '2026-11-25' }]);
    const phoenix = await readWebAnalytics(
      db.knex,
      askOf({ days: 7 }, new Date('2026-11-26T06:00:00Z'), 'America/Phoenix'),
    );
    expect(phoenix.to).toBe('2026-11-25');
    expect(phoenix.series.at(-1)).toMatchObject({ day: '2026-11-25', visits: 1 });

    // The same raw hit re-aggregated for a site in UTC lands on the 26th.
    await refreshRollups(db.knex, '2026-11-24', '2026-11-27', 'UTC');
    expect(await day()).toEqual([{ day: '2026-11-26' }]);
    const utc = await readWebAnalytics(db.knex, askOf({ days: 7 }, new Date('2026-11-26T06:00:00Z'), 'UTC'));
    expect(utc.series.at(-1)).toMatchObject({ day: '2026-11-26', visits: 1 });
    expect(utc.series.at(-2)).toMatchObject({ day: '2026-11-25', visits: 0 });
  });
});
