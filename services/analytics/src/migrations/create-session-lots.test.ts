/**
 * The session_lots migration on visits stored before it: it notes the same lots the consumers
 * note as they store page views (a lot's page with or without a trailing slash, each lot once,
 * nothing for other pages or paths that only look like a lot's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { down, up } from './20261129190100_create-session-lots.ts';

describe('noting the lots of stored visits', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it('notes the lots the consumers note', async () => {
    const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00-07:00`).toISOString();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', at('10:00'), { path: '/lots/7' }),
        pv('ann', at('10:05'), { path: '/lots/7/' }),
        pv('ann', at('10:06'), { path: '/lots/12' }),
        // A second visit of ann's, after an hour, of a lot she saw before.
        pv('ann', at('11:30'), { path: '/lots/12' }),
        pv('bob', at('10:00'), { path: '/lots' }),
        pv('bob', at('10:01'), { path: '/lots/0' }),
        pv('bob', at('10:02'), { path: '/lots/12345' }),
        pv('bob', at('10:03'), { path: '/lots/3/photos' }),
        pv('cy', at('10:00'), { path: '/lots/30/' }),
      ],
    });
    const read = async () =>
      (await db.knex.raw('select session_id, lot_number from analytics.session_lots order by session_id, lot_number'))
        .rows;
    const kept = await read();
    expect(kept).toEqual([
      { session_id: 'ann', lot_number: 7 },
      { session_id: 'ann', lot_number: 12 },
      { session_id: 'cy', lot_number: 30 },
    ]);

    await down(db.knex);
    await up(db.knex);
    expect(await read()).toEqual(kept);
  });
});
