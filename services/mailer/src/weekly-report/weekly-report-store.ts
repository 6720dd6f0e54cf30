/**
 * The weekly report's queries: its settings (one row) and the row of each week's report. A week
 * is claimed by inserting its row (`on conflict do nothing`): of several senders (replicas, or one
 * after a restart) exactly one gets it, and a week with a row is never sent again. A week whose
 * sender stopped before the relay answered stays `sending` and reads as `unknown`: the relay may
 * have taken it, so it is not resent (as a campaign message's unknown fate).
 */
import type { WeeklyReportRecipient, WeeklyReportSend } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { STALE_AFTER_MS } from '../sending/sweep-dead-claims.ts';
import type { Slot } from './schedule.ts';

export type StoredSettings = {
  enabled: boolean;
  weekday: number;
  hour: number;
  recipients: WeeklyReportRecipient[];
  scheduleFrom: Date;
  updatedAt: string | null;
  updatedBy: string | null;
};

type SettingsRow = {
  enabled: boolean;
  weekday: number;
  hour: number;
  recipients: WeeklyReportRecipient[] | string;
  schedule_from: Date | string;
  updated_at: Date | string | null;
  updated_by: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

export async function readSettings(db: Knex | Knex.Transaction, forUpdate = false): Promise<StoredSettings> {
  const q = db.withSchema('mailer').table('weekly_report_settings').where({ id: 1 });
  const row = (await (forUpdate ? q.forUpdate() : q).first()) as SettingsRow | undefined;
  if (!row) throw new Error('mailer.weekly_report_settings has no row: migrations not run?');
  return {
    enabled: row.enabled,
    weekday: row.weekday,
    hour: row.hour,
    recipients:
      typeof row.recipients === 'string' ? (JSON.parse(row.recipients) as WeeklyReportRecipient[]) : row.recipients,
    scheduleFrom: new Date(row.schedule_from),
    updatedAt: row.updated_at === null ? null : iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export type SettingsChange = Pick<StoredSettings, 'enabled' | 'weekday' | 'hour' | 'recipients'> & {
  updatedBy: string;
};

/** Stores new settings; turning the report on or moving its slot starts the schedule afresh from now. */
export async function saveSettings(knex: Knex, change: SettingsChange): Promise<void> {
  await knex.transaction(async (trx) => {
    const before = await readSettings(trx, true);
    const rescheduled =
      (change.enabled && !before.enabled) || change.weekday !== before.weekday || change.hour !== before.hour;
    await trx
      .withSchema('mailer')
      .table('weekly_report_settings')
      .where({ id: 1 })
      .update({
        enabled: change.enabled,
        weekday: change.weekday,
        hour: change.hour,
        recipients: JSON.stringify(change.recipients),
        updated_at: trx.fn.now(),
        updated_by: change.updatedBy,
        ...(rescheduled ? { schedule_from: trx.fn.now() } : {}),
      });
  });
}

type SendRow = {
  slot_day: string;
  period_from: string;
  period_to: string;
  status: WeeklyReportSend['status'];
  sent_to: number;
  detail: string | null;
  at: Date | string;
};

/** The newest week's report, `sending` read as `unknown` once its sender stopped beating. */
export async function latestReport(knex: Knex): Promise<WeeklyReportSend | null> {
  const { rows } = await knex.raw<{ rows: SendRow[] }>(
    `select r.slot_day::text as slot_day, r.period_from::text as period_from, r.period_to::text as period_to,
            case when r.status = 'sending' and not exists (
                   select 1 from mailer.send_workers w
                    where w.id = r.claimed_by and w.heartbeat_at > now() - ? * interval '1 millisecond')
                 then 'unknown' else r.status end as status,
            r.sent_to, r.detail, coalesce(r.finished_at, r.claimed_at) as at
       from mailer.weekly_reports r order by r.slot_day desc limit 1`,
    [STALE_AFTER_MS],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    slotDay: r.slot_day,
    from: r.period_from,
    to: r.period_to,
    status: r.status,
    sentTo: r.sent_to,
    detail: r.detail,
    at: iso(r.at),
  };
}

export async function weekHasReport(knex: Knex, slotDay: string): Promise<boolean> {
  return !!(await knex.withSchema('mailer').table('weekly_reports').where({ slot_day: slotDay }).first('slot_day'));
}

/** Claims the week of `slot` for this sender; false when another sender (or an earlier run) has it. */
export async function claimWeek(
  knex: Knex,
  slot: Slot,
  period: { from: string; to: string },
  senderId: string,
): Promise<boolean> {
  const rows = (await knex
    .withSchema('mailer')
    .table('weekly_reports')
    .insert({ slot_day: slot.day, period_from: period.from, period_to: period.to, claimed_by: senderId })
    .onConflict('slot_day')
    .ignore()
    .returning('slot_day')) as unknown[];
  return rows.length === 1;
}

export async function finishWeek(
  knex: Knex,
  slotDay: string,
  outcome: { status: 'sent' | 'failed' | 'outbox'; sentTo: number; detail: string | null },
): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('weekly_reports')
    .where({ slot_day: slotDay })
    .update({ status: outcome.status, sent_to: outcome.sentTo, detail: outcome.detail, finished_at: knex.fn.now() });
}

/** Gives the week back (the relay was not there for anyone: nothing was sent), so the next tick tries again. */
export async function releaseWeek(knex: Knex, slotDay: string, senderId: string): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('weekly_reports')
    .where({ slot_day: slotDay, claimed_by: senderId, status: 'sending' })
    .delete();
}
