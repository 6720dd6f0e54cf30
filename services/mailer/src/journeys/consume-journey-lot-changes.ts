/**
 * Consumes `inventory.lot.changed` with its own durable (`mailer-journey-lot-changes`): a change
 * of a lot's status or price (read as lot alerts read them: a status that moved; a price that
 * moved on a lot not sold) lets the contacts interested in the lot into every active journey
 * triggered by that kind of change of that lot (or any lot) whose trigger was set before it. The
 * interested contacts: those who asked about the lot in a form (crm) and the lot's confirmed
 * watchers whose address is a mailable crm contact, each once, with the lot as the entry's lot.
 * Once per change (the entry key names the event), so redeliveries enter no one twice.
 */
import {
  DURABLES,
  LotChangedSchema,
  RPC,
  type JourneyLotChange,
  type LotChanged,
  type MailableContact,
} from '@lp/contracts';
import { callRpc, defineConsumer } from '@lp/runtime';
import { activeWatchesOf } from '../lot-alerts/lot-watches-store.ts';
import { wakeJourneys } from './journey-wake.ts';
import { enterJourney, toJourney } from './journeys-store.ts';

const PAGE = 2000;

/** The kinds of change this event is: a status that moved, a price that moved on a lot not sold. */
export function lotChangeKindsOf(event: Pick<LotChanged, 'lot' | 'changes'>): Set<JourneyLotChange> {
  const kinds = new Set<JourneyLotChange>();
  const { status, price } = event.changes;
  if (status && status.from !== status.to) kinds.add('status');
  if (price && price.from !== price.to && event.lot.status !== 'sold') kinds.add('price');
  if (kinds.size) kinds.add('any');
  return kinds;
}

export const consumeJourneyLotChanges = defineConsumer({
  durable: DURABLES.mailerJourneyLotChanges,
  schema: LotChangedSchema,
  // The lot alerts' durable parks what can never succeed; this one counts and skips it.
  unusable: 'skip',
  handle: async (event, { knex, bus, log, counters, config }) => {
    const kinds = lotChangeKindsOf(event);
    if (kinds.size === 0) return;
    const lot = event.lot.number;
    const rows = await knex
      .withSchema('mailer')
      .table('journeys')
      .where({ status: 'active', trigger_kind: 'lot_changed' })
      .where('trigger_set_at', '<=', event.occurredAt);
    const journeys = rows
      .map(toJourney)
      .filter(
        (j) => j.trigger.kind === 'lot_changed' && (j.trigger.lotNumber ?? lot) === lot && kinds.has(j.trigger.change),
      );
    if (journeys.length === 0) return;
    const opts = { log, timeoutMs: 30_000 };
    const interested = new Map<number, MailableContact>();
    for (let after = 0; ;) {
      const { contacts } = await callRpc(
        bus,
        RPC.crm.lotLeadContacts,
        { lotNumber: lot, until: event.occurredAt, afterContactId: after, limit: PAGE },
        opts,
      );
      for (const c of contacts) interested.set(c.id, c);
      if (contacts.length < PAGE) break;
      after = contacts.at(-1)!.id;
    }
    const watchers = [...new Set((await activeWatchesOf(knex, lot, new Date(event.occurredAt))).map((w) => w.email))];
    for (let i = 0; i < watchers.length; i += PAGE) {
      const emails = watchers.slice(i, i + PAGE);
      for (let afterId = 0; ;) {
        const { contacts } = await callRpc(
          bus,
          RPC.crm.audienceResolve,
          { audience: { emails }, afterId, limit: PAGE },
          opts,
        );
        for (const c of contacts) interested.set(c.id, c);
        if (contacts.length < PAGE) break;
        afterId = contacts.at(-1)!.id;
      }
    }
    const entrants = [...interested.values()].map((c) => ({
      key: `lot:${event.id}:${c.id}`,
      contactId: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      lotNumber: lot,
    }));
    for (const journey of journeys) {
      let n = 0;
      for (let i = 0; i < entrants.length; i += PAGE)
        n += await enterJourney(knex, journey, entrants.slice(i, i + PAGE), config.SITE_TIME_ZONE);
      counters.inc('mailer_journey_entries_total', { trigger: 'lot_changed', outcome: 'entered' }, n);
      counters.inc(
        'mailer_journey_entries_total',
        { trigger: 'lot_changed', outcome: 'duplicate' },
        entrants.length - n,
      );
    }
    log.info(
      { lot, journeys: journeys.length, contacts: entrants.length },
      'journey trigger: lot change entered its interested contacts',
    );
    wakeJourneys();
  },
});
