/**
 * The tracker's own events (outbound link clicks, file downloads, pages not found) of a stored
 * batch added to `daily_events`, in the caller's transaction: only hits stored now are given, so
 * a redelivered batch adds nothing. `siteEventsSql` is the same count from the raw events, for a
 * refresh.
 */
import { NOT_FOUND_EVENT, SITE_EVENT_NAMES, siteDayOf } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { InsertedEvent } from '../queries/insert-events.ts';
import { zoneLiteral } from './site-day.ts';

const isSiteEvent = (name: string) => (SITE_EVENT_NAMES as readonly string[]).includes(name);

/** A row's key: a link's address, or a missing page and the page that linked to it. */
function keyOf(e: InsertedEvent): { value: string; referrer: string } | null {
  if (e.name === NOT_FOUND_EVENT) return e.path ? { value: e.path, referrer: e.label ?? '' } : null;
  return e.label ? { value: e.label, referrer: '' } : null;
}

export async function countSiteEvents(trx: Knex, events: readonly InsertedEvent[], timeZone: string): Promise<void> {
  const rows = new Map<string, { day: string; name: string; value: string; referrer: string; hits: number }>();
  for (const e of events) {
    if (!isSiteEvent(e.name)) continue;
    const key = keyOf(e);
    if (!key) continue;
    const day = siteDayOf(e.occurredAt, timeZone);
    const id = JSON.stringify([day, e.name, key.value, key.referrer]);
    const row = rows.get(id);
    if (row) row.hits++;
    else rows.set(id, { day, name: e.name, ...key, hits: 1 });
  }
  if (rows.size === 0) return;
  await trx
    .withSchema('analytics')
    .table('daily_events')
    // In one order in every batch: batches of other partitions write the same rows at once.
    .insert([...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row))
    .onConflict(['day', 'name', 'value', 'referrer'])
    .merge({ hits: trx.raw('daily_events.hits + excluded.hits') });
}

/** `daily_events` rows of the days `from`..`to` (bindings: from, to) from the raw events. */
export function siteEventsSql(timeZone: string): string {
  const TZ = zoneLiteral(timeZone);
  const names = SITE_EVENT_NAMES.map((n) => `'${n}'`).join(', ');
  return `
    select (occurred_at at time zone ${TZ})::date as day, name,
           case when name = '${NOT_FOUND_EVENT}' then path else label end as value,
           case when name = '${NOT_FOUND_EVENT}' then coalesce(label, '') else '' end as referrer,
           count(*)::int as hits
    from analytics.events
    where name in (${names})
      and occurred_at >= (?::date::timestamp at time zone ${TZ})
      and occurred_at < ((?::date + 1)::timestamp at time zone ${TZ})
      and (case when name = '${NOT_FOUND_EVENT}' then path else label end) <> ''
    group by 1, 2, 3, 4`;
}
