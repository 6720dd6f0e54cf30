/** Stores the named events of one batch in one multi-row insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { EventsRecorded } from '@lp/contracts';

/** An event this insert stored (not one stored before). */
export type InsertedEvent = { sessionId: string; occurredAt: Date; name: string };

export async function insertEvents(
  knex: Knex,
  batch: EventsRecorded,
): Promise<{ inserted: number; rows: InsertedEvent[] }> {
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
  const stored: { session_id: string; occurred_at: Date | string; name: string }[] = await knex
    .withSchema('analytics')
    .table('events')
    .insert(rows)
    .onConflict(['event_id', 'hit_index', 'occurred_at'])
    .ignore()
    .returning(['session_id', 'occurred_at', 'name']);
  return {
    inserted: stored.length,
    rows: stored.map((r) => ({ sessionId: r.session_id, occurredAt: new Date(r.occurred_at), name: r.name })),
  };
}
