/**
 * Batches stored in any order give the visits a recomputation from the raw hits gives. First the
 * cases a generated search found (each failed before its fix), then the search itself: a fixed
 * seed, one visitor's page views, clicks and engagement pings minutes apart (some in the same
 * minute), stored in random order in batches of one to three hits of a stream.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventMeta, type EventHit, type PageviewHit } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView } from '../testing/analytics-test-db.ts';
import { recordEvents, recordPageViews } from './record-hits.ts';
import { refreshRollups } from './refresh-rollups.ts';

type Hit = { kind: 'pv'; hit: PageviewHit } | { kind: 'ev'; hit: EventHit };
const at = (hhmm: string) => `2026-11-20T${hhmm}:00.000Z`;
const pv = (hhmm: string, path: string): Hit => ({ kind: 'pv', hit: pageView('s', at(hhmm), { path }) });
const ev = (hhmm: string, name: 'engagement' | 'click'): Hit => ({
  kind: 'ev',
  hit: {
    at: at(hhmm),
    sessionId: 's',
    name,
    category: name,
    action: null,
    label: null,
    value: null,
    path: null,
    properties: null,
  },
});

describe('batches stored in any order', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());
  beforeEach(async () => {
    for (const t of ['page_views', 'events', 'visits', 'daily_totals', 'daily_breakdowns'])
      await db.knex.raw(`truncate analytics.${t}`);
  });

  const store = async (batches: Hit[][]) => {
    for (const batch of batches) {
      if (batch[0]!.kind === 'pv')
        await recordPageViews(db.knex, { ...eventMeta(), hits: batch.map((h) => h.hit as PageviewHit) });
      else await recordEvents(db.knex, { ...eventMeta(), hits: batch.map((h) => h.hit as EventHit) });
    }
  };
  const snapshot = async () =>
    JSON.stringify({
      visits: (
        await db.knex.raw(
          `select started_at, last_at, last_real_at, pageviews, interactions, entry_path, exit_path, pages
           from analytics.visits order by started_at`,
        )
      ).rows,
      totals: (
        await db.knex.raw(
          `select day::text, visits, bounces, round(duration_s::numeric, 3) as d, pageviews from analytics.daily_totals
           where visits <> 0 or pageviews <> 0 order by day`,
        )
      ).rows,
    });
  /** The stored figures, and whether a recomputation from the raw hits gives the same. */
  const matchesRecomputation = async () => {
    const stored = await snapshot();
    await refreshRollups(db.knex, '2026-11-19', '2026-11-21');
    return { stored, recomputed: await snapshot() };
  };

  it('a late page view makes a ping in the 30 minutes after it count, and that ping joins the next visit', async () => {
    await store([[ev('19:19', 'engagement')], [pv('19:49', '/b')], [pv('19:05', '/a')]]);
    const { stored, recomputed } = await matchesRecomputation();
    expect(stored).toBe(recomputed);
    expect(JSON.parse(stored).visits).toMatchObject([{ pageviews: 2, entry_path: '/a', exit_path: '/b' }]);
  });

  it('a click stored after the pings that follow it makes them count', async () => {
    await store([[ev('18:52', 'engagement')], [ev('18:32', 'engagement')], [ev('18:08', 'click')]]);
    const { stored, recomputed } = await matchesRecomputation();
    expect(stored).toBe(recomputed);
    expect(JSON.parse(stored).visits).toMatchObject([{ started_at: at('18:08'), last_at: at('18:32') }]);
  });

  it('of two page views of one instant, the one stored first is the entry page', async () => {
    await store([[pv('18:42', '/first')], [ev('18:50', 'click')], [pv('18:42', '/second')]]);
    const { stored, recomputed } = await matchesRecomputation();
    expect(stored).toBe(recomputed);
    expect(JSON.parse(stored).visits).toMatchObject([{ entry_path: '/first', exit_path: '/second' }]);
  });

  it('gives what a recomputation gives for generated visits stored in random order', async () => {
    let seed = 5;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 150; round++) {
      for (const t of ['page_views', 'events', 'visits', 'daily_totals', 'daily_breakdowns'])
        await db.knex.raw(`truncate analytics.${t}`);
      const hits: Hit[] = [];
      let t = Date.parse(at('18:00'));
      const n = 3 + Math.floor(rand() * (round % 2 ? 14 : 7));
      for (let i = 0; i < n; i++) {
        // 0 to 44 minutes apart (0 in one hit of six or so: hits of one instant).
        t += rand() < 0.15 ? 0 : Math.floor(rand() * 45) * 60_000;
        const hhmm = new Date(t).toISOString().slice(11, 16);
        const r = rand();
        hits.push(r < 0.6 ? pv(hhmm, `/p${i}`) : ev(hhmm, r < 0.8 ? 'engagement' : 'click'));
      }
      const order = hits
        .map((h) => [rand(), h] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, h]) => h);
      const batches: Hit[][] = [];
      for (let i = 0; i < order.length;) {
        const size = 1 + Math.floor(rand() * 3);
        const batch = [order[i++]!];
        while (i < order.length && order[i]!.kind === batch[0]!.kind && batch.length < size) batch.push(order[i++]!);
        batches.push(batch);
      }
      await store(batches);
      const { stored, recomputed } = await matchesRecomputation();
      const told = order.map((h) => `${h.kind === 'pv' ? 'page view' : h.hit.name} at ${h.hit.at.slice(11, 16)}`);
      expect(stored, `round ${round}, stored in this order: ${told.join(', ')}`).toBe(recomputed);
    }
  }, 120_000);
});
