/** Stores the named events of one batch in one insert; hits already stored are skipped. */
import type { Knex } from '@lp/runtime';
import type { EventsRecorded } from '@lp/contracts';

/** An event this insert stored (not one stored before). */
export type InsertedEvent = {
  sessionId: string;
  occurredAt: Date;
  name: string;
  label: string | null;
  path: string | null;
};

/** One JSON parameter in, the stored hits' indexes out (see insert-page-views.ts). */
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
    properties: h.properties,
  }));
  const { rows: stored } = await knex.raw<{ rows: { hit_index: number }[] }>(
    `insert into analytics.events (event_id, hit_index, occurred_at, session_id, name, category, action, label,
       value, path, properties)
     select event_id, hit_index, occurred_at, session_id, name, category, action, label, value, path, properties
     from json_populate_recordset(null::analytics.events, ?::json)
     on conflict (event_id, hit_index, occurred_at) do nothing
     returning hit_index`,
    [JSON.stringify(rows)],
  );
  return {
    inserted: stored.length,
    rows: stored
      .map((r) => r.hit_index)
      .sort((a, b) => a - b)
      .map((i) => {
        const h = batch.hits[i]!;
        return { sessionId: h.sessionId, occurredAt: new Date(h.at), name: h.name, label: h.label, path: h.path };
      }),
  };
}
