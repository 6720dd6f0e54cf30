/** Stores the page views of one batch in one multi-row insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { PageviewsRecorded } from '@lp/contracts';

/** A page view this insert stored (not one stored before), as visits need it. */
export type InsertedPageView = {
  sessionId: string;
  occurredAt: Date;
  path: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: string | null;
  browser: string | null;
};

type Returned = {
  session_id: string;
  occurred_at: Date | string;
  path: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device_type: string | null;
  browser: string | null;
};

export async function insertPageViews(
  knex: Knex,
  batch: PageviewsRecorded,
): Promise<{ inserted: number; rows: InsertedPageView[] }> {
  const rows = batch.hits.map((h, i) => ({
    event_id: batch.id,
    hit_index: i,
    occurred_at: h.at,
    path: h.path,
    referrer: h.referrer,
    session_id: h.sessionId,
    device_type: h.deviceType,
    browser: h.browser,
    utm_source: h.utmSource,
    utm_medium: h.utmMedium,
    utm_campaign: h.utmCampaign,
    utm_term: h.utmTerm,
    utm_content: h.utmContent,
    // Sent as JSON text so the pg driver and PGlite store exactly the same jsonb.
    utm_extra: h.utmExtra && Object.keys(h.utmExtra).length > 0 ? JSON.stringify(h.utmExtra) : null,
  }));
  const stored: Returned[] = await knex
    .withSchema('analytics')
    .table('page_views')
    .insert(rows)
    .onConflict(['event_id', 'hit_index', 'occurred_at'])
    .ignore()
    .returning([
      'session_id',
      'occurred_at',
      'path',
      'referrer',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'device_type',
      'browser',
    ]);
  return {
    inserted: stored.length,
    rows: stored.map((r) => ({
      sessionId: r.session_id,
      occurredAt: new Date(r.occurred_at),
      path: r.path,
      referrer: r.referrer,
      utmSource: r.utm_source,
      utmMedium: r.utm_medium,
      utmCampaign: r.utm_campaign,
      device: r.device_type,
      browser: r.browser,
    })),
  };
}
