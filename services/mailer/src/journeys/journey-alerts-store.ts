/**
 * The journey alerts' queries (table `journey_alerts`, the outbox of `alert_staff` steps):
 * - queued in the engine's step-run transaction, once per entry and step (the step run is the
 *   claim; the row's unique key backs it), with the recipients chosen then: a round-robin step
 *   takes its next turns from `journey_alert_turns` in the same transaction, so a pass that does
 *   not commit takes none and a step that ran before takes no second one;
 * - leased by a sender (`next_attempt_at` a minute on: replicas take disjoint rows, a dead
 *   sender's rows come back), claimed (`sending`) just before SMTP, settled after it; put back
 *   for later when the relay took nothing; a claim left `sending` by a sender that stopped is
 *   marked `unknown` after a while and never sent again.
 */
import type { JourneyStep } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { alertRecipientsOf } from './journey-conditions.ts';

type AlertStep = Extract<JourneyStep, { kind: 'alert_staff' }>;

export type QueuedAlert = {
  entry: {
    id: number;
    journey_id: number;
    contact_id: number;
    email: string;
    first_name: string;
    last_name: string;
    lot_number: number | null;
  };
  step: AlertStep;
};

/** Queues the alerts of steps that ran now (in the step-run transaction); returns how many. */
export async function queueAlerts(trx: Knex.Transaction, alerts: QueuedAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const turnOf = new Map<QueuedAlert, number>();
  const byStep = new Map<string, QueuedAlert[]>();
  for (const a of alerts)
    if (a.step.roundRobin) {
      const key = `${a.entry.journey_id}:${a.step.id}`;
      byStep.set(key, [...(byStep.get(key) ?? []), a]);
    }
  for (const group of byStep.values()) {
    const { journey_id } = group[0]!.entry;
    const { rows } = await trx.raw<{ rows: { next_turn: number }[] }>(
      `insert into mailer.journey_alert_turns (journey_id, step_id, next_turn) values (?, ?, ?)
       on conflict (journey_id, step_id)
       do update set next_turn = (mailer.journey_alert_turns.next_turn + excluded.next_turn) % 1000000
       returning next_turn`,
      [journey_id, group[0]!.step.id, group.length],
    );
    const first = (rows[0]!.next_turn - group.length + 1_000_000) % 1_000_000;
    group.forEach((a, i) => turnOf.set(a, first + i));
  }
  const rows = (await trx
    .withSchema('mailer')
    .table('journey_alerts')
    .insert(
      alerts.map((a) => ({
        entry_id: a.entry.id,
        step_id: a.step.id,
        journey_id: a.entry.journey_id,
        contact_id: a.entry.contact_id,
        email: a.entry.email,
        first_name: a.entry.first_name,
        last_name: a.entry.last_name,
        lot_number: a.entry.lot_number,
        recipients: JSON.stringify(alertRecipientsOf(a.step, turnOf.get(a) ?? 0)),
      })),
    )
    .onConflict(['entry_id', 'step_id'])
    .ignore()
    .returning('id')) as unknown[];
  return rows.length;
}

export type DueAlert = {
  id: number;
  journey_id: number;
  journey_name: string;
  step_id: string;
  contact_id: number;
  email: string;
  first_name: string;
  last_name: string;
  lot_number: number | null;
  recipients: string[];
  attempts: number;
};

const LEASE_SECONDS = 60;

/** Takes up to `limit` pending alerts due now for this sender (for a minute). */
export async function leaseDueAlerts(knex: Knex, limit: number): Promise<DueAlert[]> {
  const { rows } = await knex.raw<{ rows: (Omit<DueAlert, 'recipients'> & { recipients: string[] | string })[] }>(
    `with taken as (
       update mailer.journey_alerts a set next_attempt_at = now() + ? * interval '1 second'
        where a.id in (select id from mailer.journey_alerts
                        where status = 'pending' and next_attempt_at <= now()
                        order by next_attempt_at, id limit ? for update skip locked)
       returning a.*)
     select t.id, t.journey_id, coalesce(j.name, '') as journey_name, t.step_id, t.contact_id, t.email,
            t.first_name, t.last_name, t.lot_number, t.recipients, t.attempts
       from taken t left join mailer.journeys j on j.id = t.journey_id order by t.id`,
    [LEASE_SECONDS, limit],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    recipients: typeof r.recipients === 'string' ? (JSON.parse(r.recipients) as string[]) : r.recipients,
  }));
}

/** Claims the alert for sending now; false when another sender has it (or had it). */
export async function claimAlert(knex: Knex, id: number): Promise<boolean> {
  const rows = (await knex
    .withSchema('mailer')
    .table('journey_alerts')
    .where({ id, status: 'pending' })
    .update({ status: 'sending', claimed_at: knex.fn.now(), attempts: knex.raw('attempts + 1') })
    .returning('id')) as unknown[];
  return rows.length === 1;
}

export async function finishAlert(
  knex: Knex,
  id: number,
  outcome: { status: 'sent' | 'failed' | 'outbox'; detail: string | null },
): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('journey_alerts')
    .where({ id, status: 'sending' })
    .update({ status: outcome.status, detail: outcome.detail?.slice(0, 2000) ?? null, finished_at: knex.fn.now() });
}

/** Gives the claim back (the relay took nothing, or what the alert says could not be read): tried again after `delayMs`. */
export async function retryAlertLater(knex: Knex, id: number, delayMs: number, detail: string): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('journey_alerts')
    .where({ id })
    .whereIn('status', ['pending', 'sending'])
    .update({
      status: 'pending',
      claimed_at: null,
      detail: detail.slice(0, 2000),
      next_attempt_at: knex.raw(`now() + ? * interval '1 millisecond'`, [delayMs]),
    });
}

/** A claim older than this still `sending` belongs to a sender that stopped (SMTP gives up within a minute). */
export const UNKNOWN_AFTER_SECONDS = 120;

/** Marks claims a stopped sender left as of unknown fate (never resent); returns how many. */
export async function markStrandedAlerts(knex: Knex): Promise<number> {
  const rows = (await knex
    .withSchema('mailer')
    .table('journey_alerts')
    .where({ status: 'sending' })
    .where('claimed_at', '<', knex.raw(`now() - ? * interval '1 second'`, [UNKNOWN_AFTER_SECONDS]))
    .update({ status: 'unknown', finished_at: knex.fn.now(), detail: 'the sender stopped before the relay answered' })
    .returning('id')) as unknown[];
  return rows.length;
}
