/**
 * The lead replies' queries: their settings (one row) and the row of each message sent for a
 * submission. A message is claimed by inserting its row, keyed by (submission id, kind), with
 * `on conflict do nothing`: of several handlers of one submission (a redelivery, a form post
 * retried with the same key, another replica) exactly one gets it, and a message with a row is
 * never sent again. A claim whose sender stopped before the relay answered stays `sending`: the
 * relay may have taken it, so it is read as unknown and not resent (as a campaign's unknown fate).
 */
import { LEAD_INTERESTS, type LeadReplySaveInput, type LeadReplySettings } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export type LeadReplyKind = 'reply' | 'alert';
export type StoredLeadReplySettings = LeadReplySettings & { activeFrom: Date; nextAlert: number };

type SettingsRow = {
  replies: Partial<LeadReplySettings['replies']> | string;
  alert_enabled: boolean;
  alert_mode: LeadReplySettings['alert']['mode'];
  alert_recipients: LeadReplySettings['alert']['recipients'] | string;
  next_alert: number;
  active_from: Date | string;
  updated_at: Date | string | null;
  updated_by: string | null;
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function readLeadReplySettings(db: Knex | Knex.Transaction): Promise<StoredLeadReplySettings> {
  const row = (await db.withSchema('mailer').table('lead_reply_settings').where({ id: 1 }).first()) as
    SettingsRow | undefined;
  if (!row) throw new Error('mailer.lead_reply_settings has no row: migrations not run?');
  const stored = json(row.replies);
  // An interest never saved is off.
  const replies = Object.fromEntries(
    LEAD_INTERESTS.map((i) => [i, stored[i] ?? { enabled: false, templateId: null }]),
  ) as LeadReplySettings['replies'];
  return {
    replies,
    alert: { enabled: row.alert_enabled, mode: row.alert_mode, recipients: json(row.alert_recipients) },
    nextAlert: row.next_alert,
    activeFrom: new Date(row.active_from),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

export async function saveLeadReplySettings(knex: Knex, input: LeadReplySaveInput): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('lead_reply_settings')
    .where({ id: 1 })
    .update({
      replies: JSON.stringify(input.replies),
      alert_enabled: input.alert.enabled,
      alert_mode: input.alert.mode,
      alert_recipients: JSON.stringify(input.alert.recipients),
      updated_at: knex.fn.now(),
      updated_by: input.updatedBy,
    });
}

/** The round robin's next turn among `count` recipients (each call takes one). */
export async function takeAlertTurn(knex: Knex, count: number): Promise<number> {
  const { rows } = await knex.raw<{ rows: { turn: number }[] }>(
    `update mailer.lead_reply_settings set next_alert = (next_alert + 1) % 1000000 where id = 1
     returning (next_alert + 999999) % 1000000 as turn`,
  );
  return (rows[0]?.turn ?? 0) % Math.max(1, count);
}

/** A claim older than this whose row is still `sending` belongs to a sender that stopped (SMTP gives up within a minute). */
export const UNKNOWN_AFTER_MS = 120_000;

export type SendState = 'none' | 'settled' | 'in_flight' | 'unknown';

/** Whether a message of this submission was claimed before, and what became of it. */
export async function sendStateOf(
  knex: Knex,
  submissionId: string,
  kind: LeadReplyKind,
  now = new Date(),
): Promise<SendState> {
  const row = (await knex
    .withSchema('mailer')
    .table('lead_reply_sends')
    .where({ submission_id: submissionId, kind })
    .first('status', 'claimed_at')) as { status: string; claimed_at: Date | string } | undefined;
  if (!row) return 'none';
  if (row.status !== 'sending') return 'settled';
  return now.getTime() - new Date(row.claimed_at).getTime() > UNKNOWN_AFTER_MS ? 'unknown' : 'in_flight';
}

export type Claim = {
  submissionId: string;
  kind: LeadReplyKind;
  interest: string;
  templateId: number | null;
  recipients: string[];
};

/** Claims the message for this handler; false when another handler (or an earlier delivery) has it. */
export async function claimLeadSend(knex: Knex, c: Claim): Promise<boolean> {
  const rows = (await knex
    .withSchema('mailer')
    .table('lead_reply_sends')
    .insert({
      submission_id: c.submissionId,
      kind: c.kind,
      interest: c.interest,
      template_id: c.templateId,
      recipients: c.recipients.join(', ').slice(0, 4000),
    })
    .onConflict(['submission_id', 'kind'])
    .ignore()
    .returning('kind')) as unknown[];
  return rows.length === 1;
}

export async function finishLeadSend(
  knex: Knex,
  submissionId: string,
  kind: LeadReplyKind,
  outcome: { status: 'sent' | 'failed' | 'outbox'; detail: string | null },
): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('lead_reply_sends')
    .where({ submission_id: submissionId, kind })
    .update({ status: outcome.status, detail: outcome.detail?.slice(0, 2000) ?? null, finished_at: knex.fn.now() });
}

/** Gives the claim back (the relay took nothing): the redelivery claims it again. */
export async function releaseLeadSend(knex: Knex, submissionId: string, kind: LeadReplyKind): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('lead_reply_sends')
    .where({ submission_id: submissionId, kind, status: 'sending' })
    .delete();
}
