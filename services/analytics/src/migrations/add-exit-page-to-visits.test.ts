/**
 * The exit-page migration on visits stored before it: after it each visit has the exit page a
 * visit stored with it gets (its last page view; the one stored last on a tie), and the
 * `exit_page` roll-up rows are those the consumers keep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { up } from './20261128170000_add-exit-page-to-visits.ts';

describe('adding exit pages to stored visits', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
  }, 60_000);
  afterAll(() => db?.close());

  it('gives each stored visit the exit page and roll-ups the consumers give', async () => {
    const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00-07:00`).toISOString();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('ann', at('10:00'), { path: '/' }),
        pv('ann', at('10:05'), { path: '/lots/7' }),
        // A second visit of ann's, after an hour: its own exit.
        pv('ann', at('11:30'), { path: '/contact' }),
        pv('bob', at('10:00'), { path: '/blog' }),
        pv('bob', at('10:00'), { path: '/market' }),
      ],
    });
    const read = async () => ({
      visits: (
        await db.knex.raw(
          'select session_id, started_at, exit_path from analytics.visits order by session_id, started_at',
        )
      ).rows,
      exits: (
        await db.knex.raw(
          `select day::text, value, visits, bounces, pageviews from analytics.daily_breakdowns
           where dimension = 'exit_page' order by value`,
        )
      ).rows,
    });
    const kept = await read();
    expect(kept.visits.map((v: { exit_path: string }) => v.exit_path)).toEqual(['/lots/7', '/contact', '/market']);

    await db.knex.raw(`delete from analytics.daily_breakdowns where dimension = 'exit_page'`);
    await db.knex.raw('alter table analytics.visits drop column exit_path');
    await up(db.knex);
    expect(await read()).toEqual(kept);
  });
});
