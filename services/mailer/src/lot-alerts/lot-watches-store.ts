/**
 * The lot watches' queries: the watches (one per lot and lower-cased address) and the row of
 * each message sent for one (`lot_watch_mails`). A message is claimed by inserting its row, keyed
 * by (watch, kind, ref), with `on conflict do nothing`: of several handlers of one request or
 * one lot version (a redelivery, another replica) exactly one gets it, and a message with a row
 * is never sent again. A claim whose sender stopped before the relay answered stays `sending`:
 * the relay may have taken it, so it is read as unknown and not resent.
 */
import type { Knex } from '@lp/runtime';

export type WatchStatus = 'pending' | 'active' | 'stopped';
export type WatchRow = {
  id: number;
  lot_number: number;
  email: string;
  status: WatchStatus;
  confirmed_at: Date | string | null;
};

/** One message of a watch: its confirmation for one request, or its alert for one lot version. */
export type WatchMailKey = { watchId: number; kind: 'confirm' | 'alert'; ref: string };
export type MailState = 'none' | 'settled' | 'in_flight' | 'unknown';

/** A claim older than this whose row is still `sending` belongs to a sender that stopped (SMTP gives up within a minute). */
export const UNKNOWN_AFTER_MS = 120_000;

const COLUMNS = ['id', 'lot_number', 'email', 'status', 'confirmed_at'];
const watches = (db: Knex) => db.withSchema('mailer').table('lot_watches');
const mails = (db: Knex) => db.withSchema('mailer').table('lot_watch_mails');

/**
 * Records a request to watch a lot: a new watch is pending; an active one stays active (asking
 * again changes nothing); a stopped one is pending again and needs a new confirmation.
 */
export async function requestWatch(knex: Knex, input: { lotNumber: number; email: string }): Promise<WatchRow> {
  const { rows } = await knex.raw<{ rows: WatchRow[] }>(
    `insert into mailer.lot_watches (lot_number, email) values (?, ?)
     on conflict (lot_number, email) do update
       set status = case when lot_watches.status = 'active' then 'active' else 'pending' end,
           stopped_at = case when lot_watches.status = 'active' then lot_watches.stopped_at end,
           requested_at = now()
     returning ${COLUMNS.join(', ')}`,
    [input.lotNumber, input.email.toLowerCase()],
  );
  return rows[0]!;
}

export async function findWatch(knex: Knex, id: number): Promise<WatchRow | undefined> {
  return (await watches(knex).where({ id }).first(COLUMNS)) as WatchRow | undefined;
}

/** Turns a pending watch on (a stopped one stays stopped: its link is older than the stop). */
export async function confirmWatch(knex: Knex, id: number): Promise<WatchRow | undefined> {
  const [row] = (await watches(knex)
    .where({ id, status: 'pending' })
    .update({ status: 'active', confirmed_at: knex.fn.now() })
    .returning(COLUMNS)) as WatchRow[];
  return row ?? findWatch(knex, id);
}

export async function stopWatch(knex: Knex, id: number): Promise<WatchRow | undefined> {
  const [row] = (await watches(knex)
    .where({ id })
    .whereNot({ status: 'stopped' })
    .update({ status: 'stopped', stopped_at: knex.fn.now() })
    .returning(COLUMNS)) as WatchRow[];
  return row ?? findWatch(knex, id);
}

/** The lot's watches that were on when the change happened (a replayed old change never reaches a newer watch). */
export async function activeWatchesOf(knex: Knex, lotNumber: number, changedAt: Date): Promise<WatchRow[]> {
  return (await watches(knex)
    .where({ lot_number: lotNumber, status: 'active' })
    .where('confirmed_at', '<=', changedAt)
    .orderBy('id')
    .select(COLUMNS)) as WatchRow[];
}

/** Confirmed watchers per watched lot. */
export async function countWatchers(knex: Knex): Promise<{ number: number; watchers: number }[]> {
  const rows = (await watches(knex)
    .where({ status: 'active' })
    .groupBy('lot_number')
    .orderBy('lot_number')
    .select('lot_number', knex.raw('count(*)::int as watchers'))) as { lot_number: number; watchers: number }[];
  return rows.map((r) => ({ number: r.lot_number, watchers: Number(r.watchers) }));
}

const where = (k: WatchMailKey) => ({ watch_id: k.watchId, kind: k.kind, ref: k.ref });

/** Whether this message was claimed before, and what became of it. */
export async function mailStateOf(knex: Knex, key: WatchMailKey, now = new Date()): Promise<MailState> {
  const row = (await mails(knex).where(where(key)).first('status', 'claimed_at')) as
    { status: string; claimed_at: Date | string } | undefined;
  if (!row) return 'none';
  if (row.status !== 'sending') return 'settled';
  return now.getTime() - new Date(row.claimed_at).getTime() > UNKNOWN_AFTER_MS ? 'unknown' : 'in_flight';
}

/** Claims the message for this handler; false when another handler (or an earlier delivery) has it. */
export async function claimMail(knex: Knex, key: WatchMailKey): Promise<boolean> {
  const rows = (await mails(knex)
    .insert(where(key))
    .onConflict(['watch_id', 'kind', 'ref'])
    .ignore()
    .returning('kind')) as unknown[];
  return rows.length === 1;
}

export async function finishMail(
  knex: Knex,
  key: WatchMailKey,
  outcome: { status: 'sent' | 'failed' | 'outbox' | 'skipped'; detail: string | null },
): Promise<void> {
  await mails(knex)
    .where(where(key))
    .update({ status: outcome.status, detail: outcome.detail?.slice(0, 2000) ?? null, finished_at: knex.fn.now() });
}

/** Gives the claim back (the relay took nothing): the redelivery claims it again. */
export async function releaseMail(knex: Knex, key: WatchMailKey): Promise<void> {
  await mails(knex)
    .where({ ...where(key), status: 'sending' })
    .delete();
}

/** When the watch's latest confirmation went out (sent or handed to the outbox), if ever. */
export async function lastConfirmationAt(knex: Knex, watchId: number): Promise<Date | null> {
  const row = (await mails(knex)
    .where({ watch_id: watchId, kind: 'confirm' })
    .whereIn('status', ['sending', 'sent', 'outbox'])
    .max('claimed_at as at')
    .first()) as { at: Date | string | null } | undefined;
  return row?.at ? new Date(row.at) : null;
}
