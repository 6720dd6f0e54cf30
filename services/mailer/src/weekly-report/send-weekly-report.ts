/**
 * Sends the weekly report when its slot is due: run on the send loop's housekeeping tick by every
 * mailer replica. Order: is a slot due and its week without a row → gather every figure (an owner
 * that does not answer: logged, nothing claimed, tried again on the next tick) → render → claim
 * the week (one sender of all wins) → one message per recipient through the send loop's SMTP
 * transport, composed by the broadcast's composer → the week's outcome. A relay that is not there
 * for anyone gives the week back to be tried on the next tick; one that took the message for any
 * recipient settles it. The test send renders the same report for the last whole week and sends
 * it to one address, recording nothing.
 */
import { randomBytes } from 'node:crypto';
import { siteDayOf, site, type WeeklyReportRecipient, type WeeklyReportTestSent } from '@lp/contracts';
import type { ServiceDeps } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { composeRawMessage, type RawMail } from '../sending/compose-raw-message.ts';
import { classifySmtpError, createSmtpTransport } from '../sending/smtp-transport.ts';
import { wakeSenders } from '../sending/wake-senders.ts';
import { gatherReportFigures } from './gather-report-figures.ts';
import { renderWeeklyReport, type RenderedReport } from './render-weekly-report.ts';
import { dueSlot, reportPeriods } from './schedule.ts';
import { claimWeek, finishWeek, readSettings, releaseWeek, weekHasReport } from './weekly-report-store.ts';

/** How often each sender looks whether a report is due (and retries one whose figures did not come). */
export const WEEKLY_REPORT_CHECK_MS = 60_000;

let asked = false;
/** Looks at once rather than at the next check (the settings just changed in this process). */
export function askForWeeklyReport(): void {
  asked = true;
  wakeSenders();
}
/** Whether a look was asked for since the last call. */
export function takeWeeklyReportAsk(): boolean {
  const was = asked;
  asked = false;
  return was;
}

export type WeeklyReportStep = 'not_due' | 'sent_before' | 'claimed_elsewhere' | 'relay_away' | 'settled';

type Deps = Pick<ServiceDeps, 'knex' | 'bus' | 'log' | 'config' | 'settings'>;
/** What the report needs of the SMTP transport (the send loop's pooled nodemailer transport). */
export type MailTransport = { sendMail(mail: RawMail): Promise<unknown> };
type Gather = typeof gatherReportFigures;

const FROM = { name: `${site.brand} reports`, address: site.email };

type Delivery = { to: string; ok: true } | { to: string; ok: false; reason: string; outage: boolean };

async function deliver(transport: MailTransport, report: RenderedReport, to: string, tag: string): Promise<Delivery> {
  const domain = FROM.address.slice(FROM.address.lastIndexOf('@') + 1);
  try {
    await transport.sendMail(
      composeRawMessage({
        from: FROM,
        to,
        subject: report.subject,
        html: report.html,
        text: report.text,
        messageId: `<weekly-report.${tag}.${randomBytes(8).toString('hex')}@${domain}>`,
        // An automatic message (RFC 3834): out-of-office replies stay away.
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      }),
    );
    return { to, ok: true };
  } catch (err) {
    const f = classifySmtpError(err);
    return { to, ok: false, reason: f.reason, outage: f.kind === 'outage' && !f.unconfirmed };
  }
}

/** One look: sends this week's report when it is due and not sent; says what it found. */
export async function sendDueWeeklyReport(
  deps: Deps,
  transport: MailTransport | null,
  senderId: string,
  now: Date = new Date(),
  gather: Gather = gatherReportFigures,
): Promise<WeeklyReportStep> {
  const { knex, log, config } = deps;
  const timeZone = config.SITE_TIME_ZONE;
  const settings = await readSettings(knex);
  const slot = dueSlot({ ...settings, recipients: settings.recipients.length }, now, timeZone);
  if (!slot) return 'not_due';
  if (await weekHasReport(knex, slot.day)) return 'sent_before';
  // Throws when an owner of a figure does not answer: nothing is claimed, the next look retries.
  const figures = await gather(deps, slot.day, timeZone);
  const report = renderWeeklyReport(figures, mailerSettings.of(deps).MAIL_PUBLIC_URL);
  if (!(await claimWeek(knex, slot, reportPeriods(slot.day).current, senderId))) return 'claimed_elsewhere';
  const recipients: WeeklyReportRecipient[] = settings.recipients;
  if (!transport) {
    await finishWeek(knex, slot.day, { status: 'outbox', sentTo: 0, detail: 'no SMTP configured' });
    log.warn({ slotDay: slot.day }, 'weekly report not delivered: SMTP_URL is not set');
    return 'settled';
  }
  const results: Delivery[] = [];
  for (const r of recipients) results.push(await deliver(transport, report, r.email, slot.day));
  const sent = results.filter((r) => r.ok).length;
  const failures = results.filter((r): r is Extract<Delivery, { ok: false }> => !r.ok);
  if (sent === 0 && failures.length > 0 && failures.every((f) => f.outage)) {
    await releaseWeek(knex, slot.day, senderId);
    log.warn(
      { slotDay: slot.day, reason: failures[0]!.reason },
      'weekly report: mail relay not answering; tried again later',
    );
    return 'relay_away';
  }
  const detail = failures.length
    ? failures
        .map((f) => `${f.to}: ${f.reason}`)
        .join('; ')
        .slice(0, 2000)
    : null;
  await finishWeek(knex, slot.day, { status: sent > 0 ? 'sent' : 'failed', sentTo: sent, detail });
  log.info(
    { slotDay: slot.day, from: figures.period.from, to: figures.period.to, sent, failed: failures.length },
    'weekly report sent',
  );
  return 'settled';
}

/** "Send a test now": the report of the last 7 whole days, to one address, outside the schedule. */
export async function sendTestReport(deps: Deps, to: string, now: Date = new Date()): Promise<WeeklyReportTestSent> {
  const settings = mailerSettings.of(deps);
  const figures = await gatherReportFigures(
    deps,
    siteDayOf(now, deps.config.SITE_TIME_ZONE),
    deps.config.SITE_TIME_ZONE,
  );
  const report = renderWeeklyReport(figures, settings.MAIL_PUBLIC_URL);
  const transport = createSmtpTransport({ ...settings, MAIL_SMTP_POOL: 1, MAIL_SEND_RATE: 0 });
  if (!transport) return { delivered: false, detail: 'no SMTP configured' };
  try {
    const d = await deliver(transport, { ...report, subject: `[Test] ${report.subject}` }, to, 'test');
    return d.ok
      ? { delivered: true, detail: `The mail relay accepted it for ${to}.` }
      : { delivered: false, detail: d.reason };
  } finally {
    transport.close();
  }
}
