/**
 * The list-joined trigger: for each active journey started by a list, reads from crm the
 * mailable contacts who joined the list since its cursor (a page at a time, keyset on when they
 * joined and their contact id) and lets them enter, once per joining (the entry key names the
 * list, the contact and the instant it joined). The cursor is stored with the journey, so the
 * next reader — this engine or a replica — continues where this one stopped; a journey is read
 * by one engine at a time (a 30-second lease taken with SKIP LOCKED). Members who joined in the
 * last 5 seconds wait for the next look: a transaction still open in crm may yet add members
 * stamped earlier than the newest one read.
 */
import { RPC } from '@lp/contracts';
import { callRpc } from '@lp/runtime';
import { wakeJourneys } from './journey-wake.ts';
import { enterJourney, findJourney } from './journeys-store.ts';
import type { EngineDeps } from './run-due-entries.ts';

const PAGE = 2000;
const SETTLE_MS = 5_000;

export async function followListTriggers(deps: EngineDeps): Promise<number> {
  const { knex, bus, log } = deps;
  const { rows } = await knex.raw<{ rows: { id: number; list_cursor: string | null; list_cursor_contact: number }[] }>(
    `update mailer.journeys j set trigger_lease_until = now() + interval '30 seconds'
      where j.id in (
        select id from mailer.journeys
         where status = 'active' and trigger_kind = 'list_joined'
           and (trigger_lease_until is null or trigger_lease_until < now())
         for update skip locked)
      returning j.id, j.list_cursor, j.list_cursor_contact`,
  );
  let entered = 0;
  for (const row of rows) {
    try {
      const journey = await findJourney(knex, row.id);
      if (journey?.trigger.kind !== 'list_joined') continue;
      const listId = journey.trigger.listId;
      let since = row.list_cursor ?? new Date().toISOString();
      let after = row.list_cursor_contact;
      const until = new Date(Date.now() - SETTLE_MS).toISOString();
      for (;;) {
        const { members } = await callRpc(
          bus,
          RPC.crm.listMembersJoined,
          { listId, since, afterContactId: after, until, limit: PAGE },
          { log, timeoutMs: 30_000 },
        );
        const n = await enterJourney(
          knex,
          journey,
          members.map((m) => ({
            key: `joined:${listId}:${m.contactId}:${m.joinedAt}`,
            contactId: m.contactId,
            email: m.email,
            firstName: m.firstName,
            lastName: m.lastName,
          })),
          deps.timeZone,
        );
        entered += n;
        deps.counters.inc('mailer_journey_entries_total', { trigger: 'list_joined', outcome: 'entered' }, n);
        const last = members.at(-1);
        if (last) {
          since = last.joinedAt;
          after = last.contactId;
          await knex
            .withSchema('mailer')
            .table('journeys')
            .where({ id: row.id })
            .update({ list_cursor: since, list_cursor_contact: after });
        }
        if (members.length < PAGE) break;
      }
    } finally {
      await knex.withSchema('mailer').table('journeys').where({ id: row.id }).update({ trigger_lease_until: null });
    }
  }
  if (entered) wakeJourneys();
  return entered;
}

/**
 * Staff letting a list's contacts enter (`journey_list_entries`): each request is read from crm
 * a page at a time (the mailable members, by contact id) by one engine at a time (a lease), the
 * last id read kept after each page, so a large list is let in by whichever engine is up.
 */
export async function followListEntries(deps: EngineDeps): Promise<number> {
  const { knex, bus, log } = deps;
  const { rows } = await knex.raw<{
    rows: { id: number; journey_id: number; list_id: number; request_id: string; after_contact_id: number }[];
  }>(
    `update mailer.journey_list_entries r set lease_until = now() + interval '30 seconds'
      where r.id in (
        select id from mailer.journey_list_entries
         where done_at is null and (lease_until is null or lease_until < now())
         order by id limit 5
         for update skip locked)
      returning r.id, r.journey_id, r.list_id, r.request_id, r.after_contact_id`,
  );
  let entered = 0;
  for (const row of rows) {
    const journey = await findJourney(knex, row.journey_id);
    let after = row.after_contact_id;
    for (let done = false; !done && journey;) {
      const { contacts } = await callRpc(
        bus,
        RPC.crm.audienceResolve,
        { audience: { listId: row.list_id }, afterId: after, limit: PAGE },
        { log, timeoutMs: 30_000 },
      );
      const n = await enterJourney(
        knex,
        journey,
        contacts.map((c) => ({ key: `list:${row.request_id}:${c.id}`, contactId: c.id, ...c })),
        deps.timeZone,
      );
      entered += n;
      deps.counters.inc('mailer_journey_entries_total', { trigger: 'manual', outcome: 'entered' }, n);
      if (n) wakeJourneys();
      after = contacts.at(-1)?.id ?? after;
      done = contacts.length < PAGE;
      await knex
        .withSchema('mailer')
        .table('journey_list_entries')
        .where({ id: row.id })
        .update({
          after_contact_id: after,
          lease_until: knex.raw(`now() + interval '30 seconds'`),
          ...(done ? { done_at: knex.fn.now() } : {}),
        });
    }
    if (!journey) await knex.withSchema('mailer').table('journey_list_entries').where({ id: row.id }).delete();
  }
  return entered;
}
