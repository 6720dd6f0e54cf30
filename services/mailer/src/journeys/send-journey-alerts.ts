/**
 * Sends the queued alerts of journeys' `alert_staff` steps, each once: lease a few due ones, ask
 * crm what the alert says of the contact (a failure to ask: tried again in half a minute) and
 * analytics for its visit history (not answering: the alert goes without it and says so), claim
 * the alert, hand its messages to SMTP, settle it. A relay that took nothing (down, a 4xx) gives
 * the claim back for later, with back-off; a 5xx is its final word (`failed`); without SMTP the
 * alert is settled `outbox`. Each outcome is counted in `mailer_journey_alerts_total`.
 */
import { RPC, type ContactLeadFacts } from '@lp/contracts';
import { callRpc, type Logger, type ServiceDeps } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { leadVisitOf } from '../lead-replies/send-lead-replies.ts';
import { sendEach } from '../sending/send-each.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import {
  claimAlert,
  finishAlert,
  leaseDueAlerts,
  markStrandedAlerts,
  retryAlertLater,
  type DueAlert,
} from './journey-alerts-store.ts';
import { renderJourneyAlert } from './render-journey-alert.ts';

type Deps = Pick<ServiceDeps, 'knex' | 'bus' | 'counters' | 'settings'> & { log: Logger };

const RPC_TIMEOUT_MS = 5_000;
const CRM_AWAY_RETRY_MS = 30_000;
/** After the relay took nothing: 5 s, 10 s, 20 s … at most 5 minutes. */
export const relayRetryMs = (attempts: number) => Math.min(300_000, 5_000 * 2 ** Math.max(0, attempts - 1));

type Outcome = 'sent' | 'failed' | 'outbox' | 'retry' | 'skipped';

async function sendOne(deps: Deps, transport: MailTransport | null, a: DueAlert, publicUrl: string): Promise<Outcome> {
  const { knex, log } = deps;
  let lead: ContactLeadFacts;
  try {
    lead = await callRpc(
      deps.bus,
      RPC.crm.contactLeadFacts,
      { contactId: a.contact_id },
      { log, timeoutMs: RPC_TIMEOUT_MS },
    );
  } catch (err) {
    log.warn({ err, alertId: a.id }, 'journey alert: crm did not answer; trying again shortly');
    await retryAlertLater(knex, a.id, CRM_AWAY_RETRY_MS, 'crm did not answer');
    return 'skipped';
  }
  const s = lead.lastSubmission;
  const visit = s ? await leadVisitOf(deps, s.sessionId, s.submittedAt) : ({ status: 'untracked' } as const);
  if (!(await claimAlert(knex, a.id))) return 'skipped';
  if (!transport) {
    await finishAlert(knex, a.id, { status: 'outbox', detail: 'no SMTP configured' });
    return 'outbox';
  }
  const facts = {
    alertId: a.id,
    journeyName: a.journey_name,
    entry: { email: a.email, firstName: a.first_name, lastName: a.last_name, lotNumber: a.lot_number },
    lead,
    visit,
    publicUrl,
  };
  const result = await sendEach(
    transport,
    a.recipients.map((to) => renderJourneyAlert(facts, to)),
  );
  if (result.again) {
    await retryAlertLater(knex, a.id, relayRetryMs(a.attempts + 1), result.detail ?? 'the relay took nothing');
    return 'retry';
  }
  await finishAlert(knex, a.id, { status: result.sent > 0 ? 'sent' : 'failed', detail: result.detail });
  return result.sent > 0 ? 'sent' : 'failed';
}

/** One pass over the due alerts (at most `limit`); returns how many it took up. */
export async function sendJourneyAlerts(deps: Deps, transport: MailTransport | null, limit: number): Promise<number> {
  const stranded = await markStrandedAlerts(deps.knex);
  if (stranded > 0) deps.counters.inc('mailer_journey_alerts_total', { outcome: 'unknown' }, stranded);
  const due = await leaseDueAlerts(deps.knex, limit);
  const publicUrl = mailerSettings.of(deps).MAIL_PUBLIC_URL;
  for (const a of due) {
    const outcome = await sendOne(deps, transport, a, publicUrl);
    if (outcome !== 'skipped') deps.counters.inc('mailer_journey_alerts_total', { outcome });
  }
  return due.length;
}
