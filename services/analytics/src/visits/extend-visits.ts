/**
 * The visits of the hits a batch newly stored: the fast path for hits that come after
 * everything stored for their session (the usual case: it follows a visit in JavaScript from
 * its latest stored visit, no re-read of raw hits), and the exact rebuild from raw hits
 * (rebuild-session-visits.ts) for sessions with a hit at or before their latest stored hit (late
 * hits, the other stream first). Both apply the rules of sessionize-sql.ts; the unit tests hold
 * them to the same roll-ups as a recomputation. Returns the visits replaced and their successors.
 */
import { ENGAGEMENT_EVENT, site, siteDayOf, VISIT_GAP_MINUTES } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { InsertedEvent } from '../queries/insert-events.ts';
import type { InsertedPageView } from '../queries/insert-page-views.ts';
import { rebuildSessionVisits } from './rebuild-session-visits.ts';
import { copyVisit, toVisitRow, VISIT_COLUMNS, type VisitRow } from './visit-rows.ts';

const GAP_MS = VISIT_GAP_MINUTES * 60_000;
/**
 * The event ids of the batches being stored, as a PostgreSQL uuid[] literal (`{}` for none):
 * hits of those batches were inserted in this transaction, every other stored hit is the others'.
 * The ids passed the batch schema's uuid check.
 */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** What extending a visit can change: everything but its key (session, start) and its day. */
const UPDATED_COLUMNS = VISIT_COLUMNS.split(',')
  .map((c) => c.trim())
  .filter((c) => !['session_id', 'started_at', 'day'].includes(c));

/** 1 page view, 2 interaction, 3 engagement ping (the SQL's kinds and tie order). */
type Hit = { sessionId: string; at: Date; kind: 1 | 2 | 3; pv?: InsertedPageView };

/** The referrer's lower-case host without `www.`; null for none and for the site itself (as in SQL). */
export function referrerHostOf(referrer: string | null): string | null {
  const host = referrer
    ?.match(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/:?#]+)/)?.[1]
    ?.toLowerCase()
    .replace(/^www\./, '');
  return !host || host === site.host ? null : host;
}

export function hitsOf(pageviews: readonly InsertedPageView[], events: readonly InsertedEvent[]): Hit[] {
  return [
    ...pageviews.map((pv) => ({ sessionId: pv.sessionId, at: pv.occurredAt, kind: 1 as const, pv })),
    ...events.map((e) => ({
      sessionId: e.sessionId,
      at: e.occurredAt,
      kind: e.name === ENGAGEMENT_EVENT ? (3 as const) : (2 as const),
    })),
  ];
}

function startVisit(h: Hit, timeZone: string): VisitRow {
  return {
    session_id: h.sessionId,
    started_at: h.at,
    last_at: h.at,
    last_real_at: h.at,
    day: siteDayOf(h.at, timeZone),
    pageviews: 0,
    interactions: 0,
    entry_path: null,
    exit_path: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    device: null,
    browser: null,
    os: null,
    country: null,
    region: null,
    city: null,
    pages: {},
  };
}

function addHit(v: VisitRow, h: Hit): void {
  v.last_at = h.at;
  if (h.kind !== 3) v.last_real_at = h.at;
  if (h.kind === 2) v.interactions++;
  if (h.kind === 1 && h.pv) {
    if (v.pageviews === 0) {
      v.entry_path = h.pv.path;
      v.referrer_host = referrerHostOf(h.pv.referrer);
      v.utm_source = h.pv.utmSource;
      v.utm_medium = h.pv.utmMedium;
      v.utm_campaign = h.pv.utmCampaign;
      v.utm_term = h.pv.utmTerm;
      v.utm_content = h.pv.utmContent;
      v.device = h.pv.device;
      v.browser = h.pv.browser;
      v.os = h.pv.os;
      v.country = h.pv.country;
      v.region = h.pv.region;
      v.city = h.pv.city;
    }
    v.exit_path = h.pv.path;
    v.pageviews++;
    v.pages[h.pv.path] = (v.pages[h.pv.path] ?? 0) + 1;
  }
}

/**
 * Whether a session's late hits all fall inside its latest stored visit, where they change only
 * its counts and pages: after its start, real hits (page views, interactions) at or before its
 * last real hit, pings at or before its last hit (a ping inside a visit changes nothing), and page
 * views only in a visit that already has one (else they would give it its attributes). Such hits
 * cannot start, split or join a visit, or move its day; whether one becomes the entry or exit
 * page is checked against the stored page views (insideLateVisits).
 */
const insideVisit = (v: VisitRow, list: readonly Hit[]): boolean =>
  list.every((h) => {
    const t = h.at.getTime();
    if (t <= v.started_at.getTime()) return false;
    if (h.kind === 3) return t <= v.last_at.getTime();
    return t <= v.last_real_at.getTime() && (h.kind === 2 || v.pageviews > 0);
  });

/**
 * Late hits inside their session's latest visit (the usual late hit: batches stored in another
 * order than they were answered, and events stored before the page views around them), added
 * without re-reading the visit's raw hits: re-reading them cost a long visit (a bot hammering
 * the pixel with one session id) its whole length on every batch. A page view before the
 * visit's first stored page view (it would be the entry) or tied with it is left to the rebuild;
 * one at or after its last stored page view becomes the exit page (a new hit is stored after
 * any stored one of the same instant). Returns the sessions it could not place.
 */
async function insideLateVisits(
  trx: Knex,
  inside: Map<string, { last: VisitRow; list: Hit[] }>,
  batchIds: readonly string[],
  before: VisitRow[],
  after: VisitRow[],
  updated: VisitRow[],
): Promise<Hit[]> {
  const withPageViews = [...inside].filter(([, { list }]) => list.some((h) => h.kind === 1));
  const bounds = new Map<string, { first: number; last: number }>();
  if (withPageViews.length > 0) {
    const { rows } = await trx.raw<{ rows: { session_id: string; first_at: Date | null; last_at: Date | null }[] }>(
      // Two index probes per session (its first and its last stored page view), however long the visit.
      `with w as (select * from json_to_recordset(?::json) as w(session_id text, lo timestamptz, hi timestamptz))
       select w.session_id, ${['', 'desc']
         .map(
           (order, i) => `(select p.occurred_at from analytics.page_views p
             where p.session_id = w.session_id and p.occurred_at between w.lo and w.hi and p.event_id <> all(?::uuid[])
             order by p.occurred_at ${order} limit 1) as ${i === 0 ? 'first_at' : 'last_at'}`,
         )
         .join(', ')}
       from w`,
      [
        JSON.stringify(
          withPageViews.map(([session_id, { last }]) => ({
            session_id,
            lo: last.started_at.toISOString(),
            hi: last.last_at.toISOString(),
          })),
        ),
        uuidArray(batchIds),
        uuidArray(batchIds),
      ],
    );
    for (const r of rows)
      if (r.first_at && r.last_at) bounds.set(r.session_id, { first: r.first_at.getTime(), last: r.last_at.getTime() });
  }
  const slow: Hit[] = [];
  for (const [sessionId, { last, list }] of inside) {
    const pageViews = list.filter((h) => h.kind === 1);
    const b = bounds.get(sessionId);
    if (pageViews.length > 0 && (!b || pageViews[0]!.at.getTime() <= b.first)) {
      slow.push(...list);
      continue;
    }
    const v = copyVisit(last);
    for (const h of list) {
      if (h.kind === 2) v.interactions++;
      if (h.kind !== 1 || !h.pv) continue;
      v.pageviews++;
      v.pages[h.pv.path] = (v.pages[h.pv.path] ?? 0) + 1;
      if (b && h.at.getTime() >= b.last) v.exit_path = h.pv.path;
    }
    if (v.pageviews === last.pageviews && v.interactions === last.interactions) continue;
    before.push(last);
    after.push(v);
    updated.push(v);
  }
  return slow;
}

/**
 * Sessions whose new page views or interactions come before engagement pings stored already
 * (the events stream ahead of the page views, or batches stored out of order): a ping is dropped
 * when no real hit is within 30 minutes before it, and such a ping now counts, so the session
 * is rebuilt from its raw hits. Only sessions whose new hits all come after their latest visit
 * are asked (for the others the rebuild or the inside path reads the stored hits anyway): one
 * index probe each for a ping within 30 minutes after their first new real hit.
 */
async function sessionsWithPingsToRevive(
  trx: Knex,
  bySession: ReadonlyMap<string, Hit[]>,
  latest: ReadonlyMap<string, VisitRow>,
  batchIds: readonly string[],
): Promise<Set<string>> {
  const asked: { session_id: string; after: string; until: string }[] = [];
  for (const [sessionId, list] of bySession) {
    const last = latest.get(sessionId);
    if (last && list[0]!.at.getTime() < last.last_at.getTime()) continue;
    const firstReal = list.find((h) => h.kind !== 3);
    if (!firstReal) continue;
    asked.push({
      session_id: sessionId,
      after: firstReal.at.toISOString(),
      until: new Date(list[list.length - 1]!.at.getTime() + GAP_MS).toISOString(),
    });
  }
  if (asked.length === 0) return new Set();
  const { rows } = await trx.raw<{ rows: { session_id: string }[] }>(
    `select w.session_id from json_to_recordset(?::json) as w(session_id text, after timestamptz, until timestamptz)
     where exists (
       select 1 from analytics.events e
       where e.session_id = w.session_id and e.occurred_at > w.after and e.occurred_at <= w.until
         and e.name = '${ENGAGEMENT_EVENT}' and e.event_id <> all(?::uuid[]))`,
    [JSON.stringify(asked), uuidArray(batchIds)],
  );
  return new Set(rows.map((r) => r.session_id));
}

export async function extendVisits(
  trx: Knex,
  hits: readonly Hit[],
  timeZone: string,
  /** The batches the hits were stored from (their event ids): the stored hits before them are the others'. */
  batchIds: readonly string[] = [],
): Promise<{ before: VisitRow[]; after: VisitRow[] }> {
  if (hits.length === 0) return { before: [], after: [] };
  const bySession = new Map<string, Hit[]>();
  for (const h of hits) {
    const list = bySession.get(h.sessionId);
    if (list) list.push(h);
    else bySession.set(h.sessionId, [h]);
  }
  const { rows } = await trx.raw<{ rows: VisitRow[] }>(
    `select distinct on (v.session_id) v.session_id, v.started_at, v.last_at, v.last_real_at, v.day::text as day,
       v.pageviews, v.interactions, v.entry_path, v.exit_path, v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign,
       v.utm_term, v.utm_content, v.device, v.browser, v.os, v.country, v.region, v.city, v.pages
     from analytics.visits v where v.session_id in (select value from json_array_elements_text(?::json))
     order by v.session_id, v.started_at desc`,
    [JSON.stringify([...bySession.keys()])],
  );
  const latest = new Map(rows.map((r) => [r.session_id, toVisitRow(r)]));

  const before: VisitRow[] = [];
  const after: VisitRow[] = [];
  /** Stored visits extended in place (same session and start): updated, not deleted and inserted. */
  const updated: VisitRow[] = [];
  const late: Hit[] = [];
  const inside = new Map<string, { last: VisitRow; list: Hit[] }>();
  for (const list of bySession.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.kind - b.kind);
  const revived = await sessionsWithPingsToRevive(trx, bySession, latest, batchIds);
  for (const [sessionId, list] of bySession) {
    const last = latest.get(sessionId);
    if (revived.has(sessionId)) {
      late.push(...list);
      continue;
    }
    // A hit at the very instant of the session's latest stored hit still follows it: every
    // figure of a visit is the same whichever of two hits of one instant comes first (the
    // sessionizing SQL orders such ties by kind, and a pageview before a ping at one instant
    // gives what extending gives). Hits answered in the same millisecond on either side of a
    // batch boundary thus extend the visit instead of re-reading the whole visit's raw hits.
    if (last && list[0]!.at.getTime() < last.last_at.getTime()) {
      if (insideVisit(last, list)) inside.set(sessionId, { last, list });
      else late.push(...list);
      continue;
    }
    // A copy to extend (its pages too): `last` stays as it was, the visit to subtract.
    const extended = last ? copyVisit(last) : undefined;
    let cur = extended;
    let extendedChanged = false;
    for (const h of list) {
      const t = h.at.getTime();
      if (cur && t - cur.last_at.getTime() <= GAP_MS) {
        if (h.kind === 3 && t - cur.last_real_at.getTime() > GAP_MS) continue;
        addHit(cur, h);
        if (cur === extended) extendedChanged = true;
        continue;
      }
      if (h.kind === 3) continue; // a ping never starts a visit
      if (cur && cur !== extended) after.push(cur);
      cur = startVisit(h, timeZone);
      addHit(cur, h);
    }
    if (cur && cur !== extended) after.push(cur);
    if (extendedChanged && last && extended) {
      before.push(last);
      after.push(extended);
      updated.push(extended);
    }
  }

  if (inside.size > 0) late.push(...(await insideLateVisits(trx, inside, batchIds, before, after, updated)));

  // An extended visit keeps its key and day, so it is updated where it is (no index changes,
  // and PostgreSQL can keep the new version on the same page); new visits are inserted.
  if (updated.length > 0)
    await trx.raw(
      `update analytics.visits v set ${UPDATED_COLUMNS.map((c) => `${c} = n.${c}`).join(', ')}
       from json_populate_recordset(null::analytics.visits, ?::json) n
       where v.session_id = n.session_id and v.started_at = n.started_at`,
      [JSON.stringify(updated)],
    );
  const inPlace = new Set(updated);
  const inserted = after.filter((v) => !inPlace.has(v));
  if (inserted.length > 0)
    await trx.raw(
      `insert into analytics.visits (${VISIT_COLUMNS})
       select ${VISIT_COLUMNS} from json_populate_recordset(null::analytics.visits, ?::json)`,
      [JSON.stringify(inserted)],
    );
  if (late.length === 0) return { before, after };
  const rebuilt = await rebuildSessionVisits(trx, late, timeZone);
  return { before: [...before, ...rebuilt.before], after: [...after, ...rebuilt.after] };
}
