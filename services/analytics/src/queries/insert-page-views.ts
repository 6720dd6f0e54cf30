/** Stores the page views of one batch in one multi-row insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { PageviewsRecorded } from '@lp/contracts';

export type InsertedPageView = { path: string; occurredAt: Date };

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
  const stored: { path: string; occurred_at: Date | string }[] = await knex
    .withSchema('analytics')
    .table('page_views')
    .insert(rows)
    .onConflict(['event_id', 'hit_index', 'occurred_at'])
    .ignore()
    .returning(['path', 'occurred_at']);
  return { inserted: stored.length, rows: stored.map((r) => ({ path: r.path, occurredAt: new Date(r.occurred_at) })) };
}
