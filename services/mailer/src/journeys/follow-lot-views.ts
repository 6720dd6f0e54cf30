/**
 * The lot-viewed trigger: about once a minute a journey asks analytics when a lead's visitor came
 * to have viewed the lot's page (or any lot's: each counted on its own) `times` times within
 * `days` days (`RPC.analytics.lotViewCrossings`), asks crm which contacts those visitors are (the
 * address of the forms their session sent, `RPC.crm.sessionContacts`), and lets each contact in
 * once per crossing: the entry key names the lot, the contact and the site day of the crossing,
 * and the entry carries the lot. Only crossings since the trigger was set, and within the last
 * `days` days, count. Every read asks about that whole window again (the entry keys make it
 * harmless), so a visitor who sends a form after the views that crossed still enters.
 * Limits: only visitors tied to a lead (a session that sent a form with the contact's address)
 * can be known; views on another device or after the visitor's cookies were cleared are another
 * session, counted apart; a crossing older than `days` when the form comes is not let in.
 */
import { RPC, siteDayOf } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { wakeJourneys } from './journey-wake.ts';
import { enterJourney, findJourney, type Entrant } from './journeys-store.ts';
import type { LeasedTrigger } from './lease-trigger-journeys.ts';
import type { EngineDeps } from './run-due-entries.ts';

const PAGE = 1000;
const DAY_MS = 86_400_000;

export async function followLotViews(deps: EngineDeps, row: LeasedTrigger): Promise<number> {
  const { knex, bus, log, counters } = deps;
  const journey = await findJourney(knex, row.id);
  if (journey?.trigger.kind !== 'lot_viewed') return 0;
  const { lotNumber, times, days } = journey.trigger;
  const now = Date.now();
  const since = new Date(Math.max(new Date(row.trigger_set_at).getTime(), now - days * DAY_MS)).toISOString();
  const until = new Date(now).toISOString();
  const opts = { log, timeoutMs: 30_000 };
  type Crossing = { at: string; sessionId: string; lotNumber: number };
  let after: Crossing | null = null;
  let entered = 0;
  for (;;) {
    const input = { lotNumber, times, days, since, until, after, limit: PAGE };
    const crossings: Crossing[] = (await callRpc(bus, RPC.analytics.lotViewCrossings, input, opts)).crossings;
    if (crossings.length === 0) break;
    const { contacts } = await callRpc(
      bus,
      RPC.crm.sessionContacts,
      { sessionIds: [...new Set(crossings.map((c) => c.sessionId))] },
      opts,
    );
    const bySession = new Map<string, (typeof contacts)[number]['contact'][]>();
    for (const c of contacts) bySession.set(c.sessionId, [...(bySession.get(c.sessionId) ?? []), c.contact]);
    const entrants = new Map<string, Entrant>();
    for (const x of crossings) {
      const people = bySession.get(x.sessionId) ?? [];
      for (const p of people) {
        const key = `lot-viewed:${x.lotNumber}:${p.id}:${siteDayOf(new Date(x.at), deps.timeZone)}`;
        entrants.set(key, {
          key,
          contactId: p.id,
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          lotNumber: x.lotNumber,
        });
      }
    }
    const n = await enterJourney(knex, journey, [...entrants.values()], deps.timeZone);
    entered += n;
    // Only entries are counted: every read asks about the whole window again, so the crossings
    // already let in (and the visitors no contact is known for) come back each time.
    counters.inc('mailer_journey_entries_total', { trigger: 'lot_viewed', outcome: 'entered' }, n);
    if (crossings.length < PAGE) break;
    const last: Crossing = crossings.at(-1)!;
    after = { at: last.at, sessionId: last.sessionId, lotNumber: last.lotNumber };
  }
  if (entered) wakeJourneys();
  return entered;
}
