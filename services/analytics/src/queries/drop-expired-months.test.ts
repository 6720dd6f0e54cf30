/** Retention of raw hits on PGlite: old monthly partitions go, the kept months and the roll-ups stay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { dropExpiredMonths } from './drop-expired-months.ts';

const hit = (at: string) => pageView(`s-${at}`, at);

describe('raw hit retention', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it('drops the months before the kept ones and keeps visits and roll-ups', async () => {
    for (const at of ['2026-08-15T18:00:00Z', '2026-09-15T18:00:00Z', '2026-10-15T18:00:00Z', '2026-11-15T18:00:00Z'])
      await recordPageViews(db.knex, { ...eventMeta(), hits: [hit(at)] });
    const dropped = await dropExpiredMonths(db.knex, 2, new Date('2026-11-24T12:00:00Z'));
    expect(dropped.sort()).toEqual(['page_views_2026_08', 'page_views_2026_09']);
    const raw = await db.knex.raw<{ rows: { n: number }[] }>('select count(*)::int as n from analytics.page_views');
    expect(raw.rows[0]?.n).toBe(2);
    const rollups = await db.knex.raw<{ rows: { n: number }[] }>(
      'select sum(visits)::int as n from analytics.daily_totals',
    );
    expect(rollups.rows[0]?.n).toBe(4);
    // A late hit for a kept month still finds its partition; one for a dropped month gets a new one.
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [hit('2026-10-20T18:00:00Z'), hit('2026-09-20T18:00:00Z')],
    });
    const after = await db.knex.raw<{ rows: { n: number }[] }>('select count(*)::int as n from analytics.page_views');
    expect(after.rows[0]?.n).toBe(4);
  });
});
