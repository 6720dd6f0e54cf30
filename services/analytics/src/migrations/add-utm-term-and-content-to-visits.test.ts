/**
 * The UTM term and content migration on visits stored before it: each visit gets its first page
 * view's term and content, and the roll-up rows are those the consumers keep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { down, up } from './20261128210000_add-utm-term-and-content-to-visits.ts';

describe('adding UTM terms and contents to stored visits', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it("gives each stored visit its first page view's term and content, and the consumers' roll-ups", async () => {
    const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00-07:00`).toISOString();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', at('10:00'), { utmTerm: 'lake powell lots', utmContent: 'hero' }),
        pv('ann', at('10:05'), { path: '/lots/7', utmTerm: 'other', utmContent: 'footer' }),
        // A second visit of ann's, after an hour, from another ad.
        pv('ann', at('11:30'), { utmContent: 'sidebar' }),
        pv('bob', at('10:00'), { path: '/blog' }),
      ],
    });
    const read = async () => ({
      visits: (
        await db.knex.raw(
          'select session_id, started_at, utm_term, utm_content from analytics.visits order by session_id, started_at',
        )
      ).rows,
      parts: (
        await db.knex.raw(
          `select day::text, dimension, value, visits, bounces, pageviews from analytics.daily_breakdowns
           where dimension in ('utm_term', 'utm_content') order by 2, 3`,
        )
      ).rows,
    });
    const kept = await read();
    expect(
      kept.visits.map((v: { utm_term: string | null; utm_content: string | null }) => [v.utm_term, v.utm_content]),
    ).toEqual([
      ['lake powell lots', 'hero'],
      [null, 'sidebar'],
      [null, null],
    ]);
    expect(
      kept.parts.map((p: { dimension: string; value: string; visits: number }) => [p.dimension, p.value, p.visits]),
    ).toEqual([
      ['utm_content', '', 1],
      ['utm_content', 'hero', 1],
      ['utm_content', 'sidebar', 1],
      ['utm_term', '', 2],
      ['utm_term', 'lake powell lots', 1],
    ]);

    await down(db.knex);
    await up(db.knex);
    expect(await read()).toEqual(kept);
  });
});
