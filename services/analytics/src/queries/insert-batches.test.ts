/** The two batch inserts on PGlite (real Postgres in WASM) with the service's own migrations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta, type EventsRecorded, type PageviewsRecorded } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb } from '../testing/analytics-test-db.ts';
import { insertEvents } from './insert-events.ts';
import { insertPageViews } from './insert-page-views.ts';
import { ensureMonthPartitions, monthOf } from './ensure-month-partitions.ts';

describe('batch inserts', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    const months = ['2026-11', monthOf(new Date())];
    await ensureMonthPartitions(db.knex, {}, 'page_views', months);
    await ensureMonthPartitions(db.knex, {}, 'events', months);
  }, 60_000);
  afterAll(() => db?.close());

  it('stores every page view of a batch once, even when the batch is delivered again', async () => {
    const at = '2026-11-22T17:00:00.000Z';
    const hit = {
      at,
      path: '/market',
      sessionId: 's1',
      referrer: 'https://www.google.com/',
      deviceType: 'mobile' as const,
      browser: 'Safari',
      os: 'iOS',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring-lots',
      utmTerm: null,
      utmContent: null,
      utmExtra: { utm_id: 'fb-2026' },
      country: 'US',
      region: 'Arizona',
      city: 'Page',
    };
    const batch: PageviewsRecorded = { ...eventMeta(), hits: [hit, { ...hit, path: '/investment' }, hit] };
    expect((await insertPageViews(db.knex, batch)).inserted).toBe(3);
    expect((await insertPageViews(db.knex, batch)).inserted).toBe(0);
    const rows: Record<string, unknown>[] = await db.knex
      .withSchema('analytics')
      .table('page_views')
      .where({ event_id: batch.id })
      .orderBy('hit_index');
    expect(rows.map((r) => [r.hit_index, r.path])).toEqual([
      [0, '/market'],
      [1, '/investment'],
      [2, '/market'],
    ]);
    expect(rows[0]).toMatchObject({
      utm_campaign: 'spring-lots',
      device_type: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      country: 'US',
      region: 'Arizona',
      city: 'Page',
      referrer: 'https://www.google.com/',
      utm_extra: { utm_id: 'fb-2026' },
    });
    expect(new Date(rows[0]?.occurred_at as string).toISOString()).toBe(at);
  });

  it('stores events with their numeric value and properties as jsonb', async () => {
    const hit = {
      at: new Date().toISOString(),
      sessionId: 's2',
      name: 'contact_submit',
      category: 'lead',
      action: 'submit',
      label: null,
      value: 275000.5,
      path: '/builder-package-1',
      properties: { lots: 5, bay: 'Good Hope Bay', tags: ['builder'] },
    };
    const batch: EventsRecorded = { ...eventMeta(), hits: [hit, { ...hit, value: null, properties: null }] };
    expect((await insertEvents(db.knex, batch)).inserted).toBe(2);
    expect((await insertEvents(db.knex, batch)).inserted).toBe(0);
    const rows: Record<string, unknown>[] = await db.knex
      .withSchema('analytics')
      .table('events')
      .where({ event_id: batch.id })
      .orderBy('hit_index');
    expect(rows[0]).toMatchObject({ name: 'contact_submit', value: 275000.5, properties: hit.properties });
    expect(rows[1]).toMatchObject({ value: null, properties: null });
    const lots = await db.knex.raw<{ rows: { lots: number }[] }>(
      "select (properties->>'lots')::int as lots from analytics.events where event_id = ? and hit_index = 0",
      [batch.id],
    );
    expect(lots.rows).toEqual([{ lots: 5 }]);
  });

  it('indexes both tables by time with BRIN', async () => {
    const { rows } = await db.knex.raw<{ rows: { indexname: string }[] }>(
      `select indexname from pg_indexes where schemaname = 'analytics' and indexdef ilike '%using brin%'
       and tablename in ('page_views', 'events') order by 1`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['events_occurred_at_brin', 'page_views_occurred_at_brin']);
  });
});
