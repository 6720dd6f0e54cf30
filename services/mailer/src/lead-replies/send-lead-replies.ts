/**
 * What the mailer does with one form submission, as named steps: passed over when it came before
 * the settings existed (the new durable replays the CRM stream); then the instant reply (off for
 * its interest, the address unsubscribed or bounced in crm, its template gone: not sent, said
 * why) and the staff alert (off: not sent), each claimed once per submission before it is handed
 * to SMTP (lead-replies-store.ts). A relay that took nothing (down, a 4xx) gives the claim back
 * and throws, so the consumer naks with back-off and the redelivery sends it; a 5xx is the
 * relay's final word (`failed`, not retried); without SMTP the claim is settled `outbox`.
 * Another handler's claim still in flight throws too (retried until it settles), so a message
 * is never acknowledged before it was either sent or given up.
 */
import { RPC, leadInterestOf, type LeadInterest, type PublicLot, type SubmissionReceived } from '@lp/contracts';
import { callRpc, type Logger, type ServiceDeps } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { findTemplate } from '../queries/find-template.ts';
import type { RenderedMessage } from '../sending/render-message.ts';
import { sendEach } from '../sending/send-each.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import {
  claimLeadSend,
  finishLeadSend,
  readLeadReplySettings,
  releaseLeadSend,
  sendStateOf,
  takeAlertTurn,
  type LeadReplyKind,
} from './lead-replies-store.ts';
import { leadValuesOf, renderLeadAlert, renderLeadReply, type LeadValues, type LeadVisit } from './render-lead-mail.ts';

type Deps = Pick<ServiceDeps, 'knex' | 'bus' | 'counters' | 'settings'> & { log: Logger };

/** What became of one kind of message for a submission (counted in `mailer_lead_messages_total`). */
export type LeadStep =
  'before_settings' | 'off' | 'suppressed' | 'no_template' | 'sent_before' | 'unknown' | 'sent' | 'failed' | 'outbox';

/** The relay took nothing, or another handler's claim is still in flight: the consumer retries. */
export class LeadSendDeferred extends Error {}

const RPC_TIMEOUT_MS = 5_000;

/** The contact with the lead's address, when crm has one: its id and whether it may be mailed. */
async function contactOf(deps: Deps, email: string): Promise<{ id: number; mailable: boolean } | null> {
  const opts = { log: deps.log, timeoutMs: RPC_TIMEOUT_MS };
  const { matches } = await callRpc(deps.bus, RPC.crm.contactsMatchEmails, { emails: [email] }, opts);
  const match = matches[0];
  if (!match) return null;
  const contact = await callRpc(deps.bus, RPC.crm.contactGet, { id: match.contactId }, opts);
  return { id: contact.id, mailable: contact.status !== 'unsubscribed' && contact.status !== 'bounced' };
}

/** The lot the form names, as visitors see it; null when none, or inventory does not answer (the reply goes without it). */
async function lotOf(deps: Deps, lotNumber: number | null | undefined): Promise<PublicLot | null> {
  if (!lotNumber) return null;
  try {
    const { lots } = await callRpc(deps.bus, RPC.inventory.lotsList, {}, { log: deps.log, timeoutMs: RPC_TIMEOUT_MS });
    return lots.find((l) => l.number === lotNumber) ?? null;
  } catch (err) {
    deps.log.warn({ err, lotNumber }, 'lead reply: inventory did not answer; the lot is named by number only');
    return null;
  }
}

/** Short: the alert is worth more on time than complete. */
const VISIT_TIMEOUT_MS = 2_000;

/**
 * A lead's visit history from analytics (its session, up to when it sent the form); the alert
 * goes without it (and says so) when analytics does not answer. A journey's alert asks it too.
 */
export async function leadVisitOf(
  deps: Pick<Deps, 'bus' | 'log'>,
  sessionId: string | null | undefined,
  submittedAt: string,
): Promise<LeadVisit> {
  if (!sessionId) return { status: 'untracked' };
  try {
    const attribution = await callRpc(
      deps.bus,
      RPC.analytics.leadVisit,
      { sessionId, submittedAt },
      { log: deps.log, timeoutMs: VISIT_TIMEOUT_MS },
    );
    return { status: 'found', attribution };
  } catch (err) {
    deps.log.warn({ err }, 'staff alert: analytics did not answer; sent without the visit history');
    return { status: 'unavailable' };
  }
}

/** Claims, sends each message, settles: the one path of both kinds. */
async function sendClaimed(
  deps: Deps,
  transport: MailTransport | null,
  claim: { submissionId: string; kind: LeadReplyKind; interest: LeadInterest; templateId: number | null },
  messages: RenderedMessage[],
): Promise<LeadStep> {
  const { knex } = deps;
  const { submissionId, kind } = claim;
  const state = await sendStateOf(knex, submissionId, kind);
  if (state === 'settled') return 'sent_before';
  if (state === 'unknown') return 'unknown';
  if (state === 'in_flight')
    throw new LeadSendDeferred(`the ${kind} of this submission is being sent by another handler`);
  if (!(await claimLeadSend(knex, { ...claim, recipients: messages.map((m) => m.to) }))) {
    throw new LeadSendDeferred(`the ${kind} of this submission was claimed by another handler`);
  }
  if (!transport) {
    await finishLeadSend(knex, submissionId, kind, { status: 'outbox', detail: 'no SMTP configured' });
    return 'outbox';
  }
  const result = await sendEach(transport, messages);
  if (result.again) {
    await releaseLeadSend(knex, submissionId, kind);
    throw new LeadSendDeferred(`mail relay did not take the ${kind}: ${result.failures[0]!.reason}`);
  }
  const sent = result.sent;
  await finishLeadSend(knex, submissionId, kind, { status: sent > 0 ? 'sent' : 'failed', detail: result.detail });
  return sent > 0 ? 'sent' : 'failed';
}

export type LeadOutcome = { interest: LeadInterest; reply: LeadStep; alert: LeadStep };

/** Handles one submission: the instant reply, then the staff alert. */
export async function sendLeadReplies(
  deps: Deps,
  transport: MailTransport | null,
  event: SubmissionReceived,
): Promise<LeadOutcome> {
  const { knex, log } = deps;
  const settings = await readLeadReplySettings(knex);
  const interest = leadInterestOf(event.submission);
  if (new Date(event.occurredAt) < settings.activeFrom)
    return { interest, reply: 'before_settings', alert: 'before_settings' };
  const publicUrl = mailerSettings.of(deps).MAIL_PUBLIC_URL;
  const email = event.submission.email;
  const rule = settings.replies[interest];
  let values: LeadValues | null = null;
  const valuesOf = async () =>
    (values ??= leadValuesOf(event, await lotOf(deps, event.submission.lotNumber), publicUrl));

  // The reply needs crm's word on the address (a failure to ask is retried); the alert only
  // uses it for its link, so it goes without it.
  let contact: { id: number; mailable: boolean } | null | undefined;
  let reply: LeadStep = 'off';
  if (rule.enabled && rule.templateId !== null && (await sendStateOf(knex, event.id, 'reply')) === 'settled')
    reply = 'sent_before';
  else if (rule.enabled && rule.templateId !== null) {
    contact = await contactOf(deps, email);
    const template = await findTemplate(knex, rule.templateId);
    if (contact && !contact.mailable) reply = 'suppressed';
    else if (!template) reply = 'no_template';
    else {
      const t = { subject: template.subject, content: template.content, previewText: template.preview_text };
      reply = await sendClaimed(
        deps,
        transport,
        { submissionId: event.id, kind: 'reply', interest, templateId: rule.templateId },
        [renderLeadReply(t, await valuesOf(), event.id)],
      );
    }
  }

  let alert: LeadStep = 'off';
  const recipients = settings.alert.recipients;
  if (settings.alert.enabled && recipients.length > 0) {
    if (contact === undefined) contact = await contactOf(deps, email).catch(() => null);
    const state = await sendStateOf(knex, event.id, 'alert');
    if (state === 'settled') alert = 'sent_before';
    else {
      const chosen =
        settings.alert.mode === 'round_robin' && state === 'none'
          ? [recipients[await takeAlertTurn(knex, recipients.length)]!]
          : recipients;
      const visit = await leadVisitOf(deps, event.submission.sessionId, event.occurredAt);
      const facts = { event, interest, values: await valuesOf(), contactId: contact?.id ?? null, publicUrl, visit };
      alert = await sendClaimed(
        deps,
        transport,
        { submissionId: event.id, kind: 'alert', interest, templateId: null },
        chosen.map((r) => renderLeadAlert(facts, r.email)),
      );
    }
  }
  log.info({ interest, reply, alert }, 'lead answered');
  return { interest, reply, alert };
}
