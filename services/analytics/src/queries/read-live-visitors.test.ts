/**
 * Live visitors on PGlite with the service's migrations: a visitor counts while their latest hit
 * (page view or event, the engagement ping included) is within the window, on the page of that
 * hit; one who left before the window is gone, and one visitor is one however many hits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_EVENT, eventMeta, type EventHit } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordEvents, recordPageViews } from '../visits/record-hits.ts';
import { readLiveVisitors } from './read-live-visitors.ts';

const NOW = new Date('2026-11-25T20:00:00-07:00');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const SINCE = new Date(NOW.getTime() - 5 * 60_000);
const ping = (sessionId: string, at: string, path: string | null): EventHit => ({
  at,
  sessionId,
  name: ENGAGEMENT_EVENT,
  category: 'engagement',
  action: null,
  label: null,
  value: null,
  path,
  properties: null,
});

describe('live visitors', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        // Reading a lot page now, after the home page.
        pv('ann', ago(4), { path: '/' }),
        pv('ann', ago(1), { path: '/lots/7' }),
        // On the lots page, three page views of it: one visitor.
        pv('bob', ago(3), { path: '/lots' }),
        pv('bob', ago(2), { path: '/lots' }),
        pv('bob', ago(0.5), { path: '/lots' }),
        // Opened the contact page 20 minutes ago and is still reading it (pings).
        pv('cat', ago(20), { path: '/contact' }),
        // Left 10 minutes ago: not on the site now.
        pv('dan', ago(10), { path: '/lots/7' }),
        pv('eve', ago(2), { path: '/lots/7' }),
      ],
    });
    await recordEvents(db.knex, { ...eventMeta(), hits: [ping('cat', ago(1), '/contact'), ping('dan', ago(9), null)] });
  }, 60_000);
  afterAll(() => db?.close());

  it('counts each visitor with a hit in the window once, on the page of their latest hit', async () => {
    const live = await readLiveVisitors(db.knex, SINCE, NOW);
    expect(live).toEqual({
      visitors: 4,
      pages: [
        { path: '/lots/7', visitors: 2 },
        { path: '/contact', visitors: 1 },
        { path: '/lots', visitors: 1 },
      ],
      asOf: NOW.toISOString(),
    });
  });

  it('puts a visitor whose two page views share a millisecond on the one sent last', async () => {
    const at = ago(0.2);
    // In one batch, and alone in a later batch: the hit sent last wins however the clock ties.
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [pv('fay', at, { path: '/contact-fay' }), pv('fay', at, { path: '/lots/fay' })],
    });
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pv('gus', at, { path: '/first-gus' })] });
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pv('gus', at, { path: '/lots/gus' })] });
    const paths = (await readLiveVisitors(db.knex, SINCE, NOW)).pages.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/lots/fay', '/lots/gus']));
    expect(paths).not.toContain('/contact-fay');
    expect(paths).not.toContain('/first-gus');
  });

  it('is empty when no one was on the site in the window', async () => {
    const later = new Date(NOW.getTime() + 60 * 60_000);
    expect(await readLiveVisitors(db.knex, new Date(later.getTime() - 5 * 60_000), later)).toEqual({
      visitors: 0,
      pages: [],
      asOf: later.toISOString(),
    });
  });
});
