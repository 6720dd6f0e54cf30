/**
 * The location migration on visits stored before it: they have no place, and their days get the
 * country, region and city roll-up rows the consumers keep for visits without one (''), so the
 * tables add up to the totals as for any other dimension.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { down, up } from './20261128200000_add-location-to-page-views-and-visits.ts';

describe('adding locations to stored visits', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it("gives the days of stored visits the '' rows of visits without a place", async () => {
    const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-07:00`).toISOString();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', at('2026-11-20', '10:00'), { path: '/' }),
        pv('ann', at('2026-11-20', '10:05'), { path: '/lots/7' }),
        pv('bob', at('2026-11-20', '11:00'), { path: '/blog' }),
        pv('cat', at('2026-11-21', '09:00'), { path: '/market' }),
      ],
    });
    const read = async () =>
      (
        await db.knex.raw(
          `select day::text, dimension, value, visits, bounces, round(duration_s::numeric, 3) as d, pageviews
           from analytics.daily_breakdowns where dimension in ('country', 'region', 'city') order by 1, 2, 3`,
        )
      ).rows;
    const kept = await read();
    expect(kept).toHaveLength(6);
    expect(kept[0]).toMatchObject({ day: '2026-11-20', dimension: 'city', value: '', visits: 2, pageviews: 3 });

    await down(db.knex);
    await up(db.knex);
    expect(await read()).toEqual(kept);
  });
});
