/**
 * Leads by source on PGlite with the service's migrations: a conversion rate is converting
 * visits ÷ visits (never above 100%, however many forms one visit sends), and leads without a
 * tracked visit are unattributed, never folded into "Direct / none".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta, periodOf } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordPageViews } from '../visits/record-hits.ts';
import { readLeadsBySource } from './read-leads-by-source.ts';

const phx = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00-07:00`).toISOString();
const NOW = new Date('2026-11-25T20:00:00-07:00');

describe('leads by source', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        // One direct visit that sends three forms.
        pv('direct', phx('09:00')),
        pv('direct', phx('09:05'), { path: '/contact' }),
        // Two visits from the newsletter campaign, one converting.
        pv('mail-1', phx('10:00'), { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' }),
        pv('mail-2', phx('11:00'), { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' }),
        // A visitor who came from the e-mail first, then converts in a later direct visit.
        pv('later', phx('08:00'), { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' }),
        pv('later', phx('15:00')),
      ],
    });
  }, 60_000);
  afterAll(() => db?.close());

  it('counts converting visits over visits, at most 100%, and unattributed leads apart', async () => {
    const r = await readLeadsBySource(
      db.knex,
      periodOf({ days: 7 }, NOW, 'America/Phoenix'),
      [
        { sessionId: 'direct', submittedAt: phx('09:06') },
        { sessionId: 'direct', submittedAt: phx('09:07') },
        { sessionId: 'direct', submittedAt: phx('09:08') },
        { sessionId: 'mail-1', submittedAt: phx('10:02') },
        { sessionId: 'later', submittedAt: phx('15:01') },
        // A session the tracker never saw (blocked), and one that sent the form before any page view was stored.
        { sessionId: 'no-hits', submittedAt: phx('12:00') },
        { sessionId: 'mail-2', submittedAt: phx('10:59') },
      ],
      'America/Phoenix',
      [phx('13:00'), '2026-10-01T12:00:00Z'],
    );
    expect(r.sources).toEqual([
      { value: '', leads: 4, visits: 2, convertingVisits: 2, conversionRate: 100 },
      { value: 'newsletter', leads: 1, visits: 3, convertingVisits: 1, conversionRate: 33.3 },
    ]);
    expect(r.campaigns).toEqual([{ value: 'spring', leads: 1, visits: 3, convertingVisits: 1, conversionRate: 33.3 }]);
    // The e-mail brought 'later' too, but that lead converted in a direct visit: 2 leads, 1 converting e-mail visit.
    expect(r.emailCampaigns).toEqual([
      { value: 'spring', leads: 2, visits: 3, convertingVisits: 1, conversionRate: 33.3 },
    ]);
    // 'no-hits', 'mail-2' before its first hit, and the untracked lead of the range (not October's).
    expect(r.unattributed).toBe(3);
    for (const row of [...r.sources, ...r.campaigns, ...r.emailCampaigns])
      expect(row.conversionRate).toBeLessThanOrEqual(100);
  });
});
