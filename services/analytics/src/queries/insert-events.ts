/** Stores the named events of one batch in one multi-row insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { EventsRecorded } from '@lp/contracts';

export async function insertEvents(knex: Knex, batch: EventsRecorded): Promise<{ inserted: number }> {
  const rows = batch.hits.map((h, i) => ({
    event_id: batch.id,
    hit_index: i,
    occurred_at: h.at,
    session_id: h.sessionId,
    name: h.name,
    category: h.category,
    action: h.action,
    label: h.label,
    value: h.value,
    path: h.path,
    // Sent as JSON text so the pg driver and PGlite store exactly the same jsonb.
    properties: h.properties === null ? null : JSON.stringify(h.properties),
  }));
  const stored = await knex
    .withSchema('analytics')
    .table('events')
    .insert(rows)
    .onConflict(['event_id', 'hit_index', 'occurred_at'])
    .ignore()
    .returning('id');
  return { inserted: stored.length };
}
