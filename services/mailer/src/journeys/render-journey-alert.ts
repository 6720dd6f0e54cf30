/**
 * The mail of a journey's `alert_staff` step: the lead alert's shape (renderStaffAlert) with what
 * is known of the contact — its name, address and phone, the journey and its lot, its latest form
 * (where it was sent from, the visitor's location) and the visit history analytics holds for that
 * visit (first-touch source and campaign, pages seen, lots viewed), or a line saying it was not
 * available; a link to the contact in the dashboard. One Message-ID per alert and recipient.
 */
import {
  SUBMISSION_SOURCE_LABELS,
  locationText,
  lotPath,
  type ContactLeadFacts,
  type SubmissionSource,
} from '@lp/contracts';
import type { RenderedMessage } from '../sending/render-message.ts';
import { contactLinkOf, renderStaffAlert, visitRowsOf, type LeadVisit } from '../lead-replies/render-lead-mail.ts';

export type JourneyAlertFacts = {
  alertId: number;
  journeyName: string;
  /** What the entry holds (the contact as it entered), used where crm no longer knows it. */
  entry: { email: string; firstName: string; lastName: string; lotNumber: number | null };
  lead: ContactLeadFacts;
  visit: LeadVisit;
  publicUrl: string;
};

const sourceLabel = (source: string) =>
  Object.hasOwn(SUBMISSION_SOURCE_LABELS, source) ? SUBMISSION_SOURCE_LABELS[source as SubmissionSource] : source;

/** The alert's rows, label → value, empty values left out. */
export function journeyAlertRowsOf(f: JourneyAlertFacts): [string, string][] {
  const c = f.lead.contact;
  const s = f.lead.lastSubmission;
  const base = f.publicUrl.replace(/\/$/, '');
  const lot = f.entry.lotNumber;
  const rows: [string, string][] = [
    ['Name', nameOf(f)],
    ['Email', c?.email ?? f.entry.email],
    ['Phone', c?.phone ?? ''],
    ['Journey', f.journeyName],
    ['Lot', lot === null ? '' : `Lot ${lot} (${base}${lotPath(lot)})`],
    ['Latest form', s ? `${sourceLabel(s.source)}, ${s.submittedAt}` : 'None sent'],
    ['Page', s?.page ?? ''],
    ['Location', s ? locationText({ country: s.country, region: s.region, city: s.city }) : ''],
    ...visitRowsOf(f.visit),
  ];
  return rows.filter(([, value]) => value !== '');
}

const nameOf = (f: JourneyAlertFacts) => {
  const c = f.lead.contact;
  const name = c ? `${c.firstName ?? ''} ${c.lastName ?? ''}` : `${f.entry.firstName} ${f.entry.lastName}`;
  return name.trim() || (c?.email ?? f.entry.email);
};

export function renderJourneyAlert(f: JourneyAlertFacts, to: string): RenderedMessage {
  const email = f.lead.contact?.email ?? f.entry.email;
  return renderStaffAlert(
    {
      heading: `${f.journeyName}: ${nameOf(f)}`,
      subject: `Journey alert (${f.journeyName}): ${nameOf(f)}`,
      rows: journeyAlertRowsOf(f),
      link: contactLinkOf(f.publicUrl, email),
      linkLabel: f.lead.contact ? 'Open the contact' : 'Find the contact in Contacts',
      replyTo: email,
      messageKey: `journey-alert.${f.alertId}`,
    },
    to,
  );
}
