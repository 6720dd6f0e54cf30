/**
 * The segment-joined trigger: about once a minute a journey's segment is read from crm in pages
 * (keyset on contact id, `RPC.crm.segmentContacts`) and each page is compared with the members
 * seen before (`journey_segment_members`), in one transaction per page: a contact not seen
 * before has joined and enters (mailable ones: an unsubscribed or bounced contact is recorded,
 * not let in). The first whole read after the trigger was set only records who matches then:
 * joining is starting to match afterwards. Reads go in rounds; each page stamps its members with
 * the round, and a finished round forgets the members it did not see (they left: matching again
 * later is a new joining, its entry key naming the round it was seen in). The contact id a round
 * reached is stored after each page, so a restart goes on from there; an edit of the trigger
 * starts a new round, and a reader still in the old one stops at its next page.
 * Cost per read: one crm request per PAGE members (the segment's filter evaluated for the page)
 * and one upsert of PAGE rows; at 50,000 members, 50 requests and 50 upserts a minute per
 * journey, a page in memory at a time, and 50,000 small rows kept per journey.
 */
import { RPC, type Contact } from '@lp/contracts';
import { callRpc, type Knex } from '@lp/runtime';
import { enterJourney, findJourney } from './journeys-store.ts';
import type { LeasedTrigger } from './lease-trigger-journeys.ts';
import type { EngineDeps } from './run-due-entries.ts';

const PAGE = 1000;

/** Stamps the page's members with the round (in `trx`); answers the ids not seen before, or null when the round is gone. */
async function recordPage(
  trx: Knex.Transaction,
  journeyId: number,
  round: number,
  ids: number[],
  after: number | null,
): Promise<number[] | null> {
  const { rows: still } = await trx.raw<{ rows: unknown[] }>(
    `update mailer.journeys set segment_after = ?, trigger_lease_until = now() + interval '30 seconds'
      where id = ? and segment_round = ? returning id`,
    [after, journeyId, round],
  );
  if (still.length === 0) return null;
  if (ids.length === 0) return [];
  const { rows } = await trx.raw<{ rows: { contact_id: number; inserted: boolean }[] }>(
    `insert into mailer.journey_segment_members (journey_id, contact_id, round)
     select ?::int, c, ?::int from unnest(?::int[]) as c
     on conflict (journey_id, contact_id) do update set round = excluded.round
     returning contact_id, (xmax = 0) as inserted`,
    [journeyId, round, ids],
  );
  return rows.filter((r) => r.inserted).map((r) => Number(r.contact_id));
}

/** Reads the journey's segment once through (from where its round stopped); returns how many entered. */
export async function followSegmentTrigger(deps: EngineDeps, row: LeasedTrigger): Promise<number> {
  const { knex, bus, log, counters } = deps;
  const journey = await findJourney(knex, row.id);
  if (journey?.trigger.kind !== 'segment_joined') return 0;
  const { segmentId } = journey.trigger;
  const round = row.segment_round;
  let cursor = row.segment_after ?? undefined;
  let entered = 0;
  for (;;) {
    const page = await callRpc(
      bus,
      RPC.crm.segmentContacts,
      { id: segmentId, limit: PAGE, withTotal: false, ...(cursor === undefined ? {} : { cursor }) },
      { log, timeoutMs: 30_000 },
    );
    const byId = new Map<number, Contact>(page.contacts.map((c) => [c.id, c]));
    const done = page.nextCursor === null;
    const stopped = await knex.transaction(async (trx) => {
      const fresh = await recordPage(trx, row.id, round, [...byId.keys()], done ? null : page.nextCursor);
      if (fresh === null) return true;
      if (!row.segment_primed) return false;
      const joined = fresh.map((id) => byId.get(id)!);
      const mailable = joined.filter((c) => c.status !== 'unsubscribed' && c.status !== 'bounced');
      const n = await enterJourney(
        trx,
        journey,
        mailable.map((c) => ({
          key: `segment:${segmentId}:${c.id}:${round}`,
          contactId: c.id,
          email: c.email,
          firstName: c.firstName ?? '',
          lastName: c.lastName ?? '',
        })),
        deps.timeZone,
      );
      entered += n;
      counters.inc('mailer_journey_entries_total', { trigger: 'segment_joined', outcome: 'entered' }, n);
      counters.inc(
        'mailer_journey_entries_total',
        { trigger: 'segment_joined', outcome: 'duplicate' },
        mailable.length - n,
      );
      counters.inc(
        'mailer_journey_entries_total',
        { trigger: 'segment_joined', outcome: 'not_mailable' },
        joined.length - mailable.length,
      );
      return false;
    });
    if (stopped) return entered;
    if (done) break;
    cursor = page.nextCursor!;
  }
  // The round is read through: who it did not see has left; the next read is a new round.
  await knex.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: unknown[] }>(
      `update mailer.journeys
          set segment_round = segment_round + 1, segment_after = null, segment_primed = true
        where id = ? and segment_round = ? returning id`,
      [row.id, round],
    );
    if (rows.length)
      await trx
        .withSchema('mailer')
        .table('journey_segment_members')
        .where({ journey_id: row.id })
        .whereNot({ round })
        .delete();
  });
  return entered;
}
