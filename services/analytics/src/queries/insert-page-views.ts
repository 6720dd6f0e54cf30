/** Stores the page views of one batch in one multi-row insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { PageviewsRecorded } from '@lp/contracts';

export async function insertPageViews(knex: Knex, batch: PageviewsRecorded): Promise<{ inserted: number }> {
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
  }));
  const stored = await knex
    .withSchema('analytics')
    .table('page_views')
    .insert(rows)
    .onConflict(['event_id', 'hit_index'])
    .ignore()
    .returning('id');
  return { inserted: stored.length };
}
