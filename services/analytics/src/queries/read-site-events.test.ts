/**
 * Outbound links, file downloads and pages not found on PGlite with the service's migrations:
 * counted per stored hit (a redelivered batch adds nothing), a refresh from the raw events lands
 * on the same rows, other events are not counted, and the range keeps its days only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  periodOf,
  eventMeta,
  FILE_DOWNLOAD_EVENT,
  NOT_FOUND_EVENT,
  OUTBOUND_CLICK_EVENT,
  type EventHit,
  type EventsRecorded,
} from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb } from '../testing/analytics-test-db.ts';
import { recordEvents } from '../visits/record-hits.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';
import { readSiteEvents } from './read-site-events.ts';

const NOW = new Date('2026-11-25T20:00:00-07:00');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const event = (name: string, at: string, path: string | null, label: string | null, sessionId = 's1'): EventHit => ({
  at,
  sessionId,
  name,
  category: 'navigation',
  action: null,
  label,
  value: null,
  path,
  properties: null,
});
const COUNTY = 'https://www.coconino.az.gov/permits';
const PLAT = 'https://lakepowelllots.example/files/plat-map.pdf';

describe('outbound links, file downloads and pages not found', () => {
  let db: Database;
  let batch: EventsRecorded;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    batch = {
      ...eventMeta(),
      hits: [
        event(OUTBOUND_CLICK_EVENT, daysAgo(1), '/builder', COUNTY),
        event(OUTBOUND_CLICK_EVENT, daysAgo(2), '/market', COUNTY, 's2'),
        event(OUTBOUND_CLICK_EVENT, daysAgo(2), '/market', 'https://www.nps.gov/glca/', 's2'),
        event(FILE_DOWNLOAD_EVENT, daysAgo(3), '/lots/9', PLAT),
        event(NOT_FOUND_EVENT, daysAgo(1), '/lots/99', 'https://www.zillow.com/homedetails'),
        event(NOT_FOUND_EVENT, daysAgo(1), '/lots/99', 'https://www.zillow.com/homedetails', 's3'),
        event(NOT_FOUND_EVENT, daysAgo(2), '/old-page', null),
        // Ten days ago: outside a 7-day range.
        event(OUTBOUND_CLICK_EVENT, daysAgo(10), '/', 'https://old.example/'),
        // Neither kind: a lot click on the map and an engagement ping.
        event('lot_click', daysAgo(1), '/lot-map', '12'),
        event('engagement', daysAgo(1), '/lot-map', null),
      ],
    };
    await recordEvents(db.knex, batch);
  }, 60_000);
  afterAll(() => db?.close());

  const expected = {
    from: '2026-11-19',
    to: '2026-11-25',
    days: 7,
    outboundLinks: [
      { value: COUNTY, referrer: '', hits: 2 },
      { value: 'https://www.nps.gov/glca/', referrer: '', hits: 1 },
    ],
    fileDownloads: [{ value: PLAT, referrer: '', hits: 1 }],
    notFound: [
      { value: '/lots/99', referrer: 'https://www.zillow.com/homedetails', hits: 2 },
      { value: '/old-page', referrer: '', hits: 1 },
    ],
  };

  it('counts each kind over the range, most hits first, with the page that linked to a missing one', async () => {
    expect(await readSiteEvents(db.knex, periodOf({ days: 7 }, NOW))).toEqual(expected);
    expect((await readSiteEvents(db.knex, periodOf({ days: 30 }, NOW))).outboundLinks.map((r) => r.value)).toContain(
      'https://old.example/',
    );
  });

  it('counts a custom period by its own days: ten days ago alone, then the day before yesterday alone', async () => {
    const tenDaysAgo = await readSiteEvents(db.knex, periodOf({ from: '2026-11-15', to: '2026-11-15' }));
    expect(tenDaysAgo).toEqual({
      from: '2026-11-15',
      to: '2026-11-15',
      days: 1,
      outboundLinks: [{ value: 'https://old.example/', referrer: '', hits: 1 }],
      fileDownloads: [],
      notFound: [],
    });
    const twoDaysAgo = await readSiteEvents(db.knex, periodOf({ from: '2026-11-23', to: '2026-11-23' }));
    expect(twoDaysAgo.outboundLinks.map((r) => r.value)).toEqual([COUNTY, 'https://www.nps.gov/glca/']);
    expect(twoDaysAgo.notFound).toEqual([{ value: '/old-page', referrer: '', hits: 1 }]);
  });

  it('adds nothing for a redelivered batch, and a refresh from the raw events lands on the same rows', async () => {
    await recordEvents(db.knex, batch);
    expect(await readSiteEvents(db.knex, periodOf({ days: 7 }, NOW))).toEqual(expected);
    await refreshRollups(db.knex, '2026-11-10', '2026-11-25');
    expect(await readSiteEvents(db.knex, periodOf({ days: 7 }, NOW))).toEqual(expected);
    expect((await readSiteEvents(db.knex, periodOf({ days: 30 }, NOW))).outboundLinks).toHaveLength(3);
  });
});
