/**
 * The lead sessions of crm's segment conditions on PGlite with the service's migrations: only
 * sessions that sent a form (leads) are named, a lot's page counts with or without its trailing
 * slash, the first touch is the visitor's first visit (a later campaign does not count), and the
 * ids come in pages in order after `after`; the lots a lead viewed outlive the raw page views.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventMeta, LEAD_SESSIONS_PAGE_BYTES } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { dropExpiredMonths } from './drop-expired-months.ts';
import { readLeadSessions } from './read-lead-sessions.ts';

let db: Database;
beforeAll(async () => {
  db = await openAnalyticsTestDb();
  await recordPageViews(db.knex, {
    ...eventMeta(),
    hits: [
      // "a": first from the spring campaign, then lot 3; a day later from the fall campaign, lot 5/.
      pv('a', '2026-11-20T10:00:00Z', { utmSource: 'fb', utmCampaign: 'Spring' }),
      pv('a', '2026-11-20T10:01:00Z', { path: '/lots/3' }),
      pv('a', '2026-11-21T10:00:00Z', { utmSource: 'fb', utmCampaign: 'fall', path: '/lots/5/' }),
      // "b": first from the fall campaign, lot 3.
      pv('b', '2026-11-20T11:00:00Z', { utmCampaign: 'fall', path: '/lots/3' }),
      // "c" viewed lot 3 but never sent a form.
      pv('c', '2026-11-20T12:00:00Z', { utmCampaign: 'Spring', path: '/lots/3' }),
    ],
  });
  let n = 0;
  for (const session_id of ['a', 'b', 'b', null])
    await db.knex('analytics.submissions').insert({
      event_id: `00000000-0000-4000-8000-00000000000${++n}`,
      idempotency_key: `k${n}`,
      session_id,
      submitted_at: '2026-11-22T00:00:00Z',
    });
}, 60_000);
afterAll(() => db?.close());

const ids = async (ask: Parameters<typeof readLeadSessions>[1]['ask'], after = '', limit = 10_000) =>
  (await readLeadSessions(db.knex, { ask, after, limit })).sessionIds;

it('names the leads that viewed some lots, each once', async () => {
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [3] })).toEqual(['a', 'b']);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [5] })).toEqual(['a']);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [5, 3] })).toEqual(['a', 'b']);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [9] })).toEqual([]);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [] })).toEqual([]);
});

it('names the leads whose first visit came with a campaign, in any case', async () => {
  expect(await ids({ kind: 'first_touch_campaign', campaign: 'spring' })).toEqual(['a']);
  expect(await ids({ kind: 'first_touch_campaign', campaign: 'FALL' })).toEqual(['b']);
});

it('pages in order after the last id', async () => {
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [3] }, '', 1)).toEqual(['a']);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [3] }, 'a', 1)).toEqual(['b']);
});

it('cuts a page short of LEAD_SESSIONS_PAGE_BYTES when the ids are long, and says there are more', async () => {
  // 6,000 leads whose (odd) browsers sent 100-character session ids: 600 KB, over one page's bytes.
  const long = Array.from({ length: 6_000 }, (_, i) => `z${String(i).padStart(5, '0')}${'x'.repeat(94)}`);
  await recordPageViews(db.knex, {
    ...eventMeta(),
    hits: long.map((sid) => pv(sid, '2026-11-20T13:00:00Z', { path: '/lots/7' })),
  });
  await db.knex('analytics.submissions').insert(
    long.map((session_id, i) => ({
      event_id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      idempotency_key: `long-${i}`,
      session_id,
      submitted_at: '2026-11-22T00:00:00Z',
    })),
  );
  const ask = { kind: 'viewed_lots' as const, lotNumbers: [7] };
  const first = await readLeadSessions(db.knex, { ask, after: '', limit: 10_000 });
  expect(first.more).toBe(true);
  expect(first.sessionIds.length).toBeLessThan(6_000);
  expect(Buffer.byteLength(JSON.stringify(first.sessionIds))).toBeLessThanOrEqual(LEAD_SESSIONS_PAGE_BYTES);
  const second = await readLeadSessions(db.knex, { ask, after: first.sessionIds.at(-1)!, limit: 10_000 });
  expect(second.more).toBe(false);
  expect([...first.sessionIds, ...second.sessionIds]).toEqual(long);
}, 60_000);

it("still names a lead's lot views once the raw page views' month has been dropped (the visits keep their pages)", async () => {
  expect(await dropExpiredMonths(db.knex, 1, new Date('2027-06-15T00:00:00Z'))).toContain('page_views_2026_11');
  const { rows } = await db.knex.raw<{ rows: { n: number }[] }>('select count(*)::int as n from analytics.page_views');
  expect(rows[0]!.n).toBe(0);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [3] })).toEqual(['a', 'b']);
  expect(await ids({ kind: 'viewed_lots', lotNumbers: [5] })).toEqual(['a']);
  expect(await ids({ kind: 'first_touch_campaign', campaign: 'spring' })).toEqual(['a']);
});
