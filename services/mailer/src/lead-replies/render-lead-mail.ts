/**
 * The two messages of a new lead. The instant reply: the chosen template sanitised by the e-mail
 * policy, its CSS inlined, the lead's merge tags filled (HTML-escaped in the body, raw in the
 * subject and the text part), the preheader, and a footer with the seller's postal address. It
 * answers a message the visitor just sent, so it is transactional: no tracking pixel, tracked
 * links or unsubscribe link (those need a delivery of a campaign; a campaign-only tag such as
 * `{{unsubscribeUrl}}` is left empty), and it says `Auto-Submitted: auto-replied` (RFC 3834).
 * Its Message-ID names the submission, so even a copy the relay got twice reads as one.
 * The staff alert: the lead's details as plain HTML and text, visitors' values escaped, with a
 * link to the contact in the dashboard; Reply-To is the visitor, so staff answer in one click
 * (renderStaffAlert, which a journey's alert step sends too).
 * With them the visit history analytics holds (first-touch source and campaign, the pages seen
 * before sending, the lots among them), or a line saying it was not available.
 */
import { createHash } from 'node:crypto';
import {
  CONTACT_PAGE_INTERESTS,
  LEAD_INTEREST_LABELS,
  LEAD_MERGE_TAGS,
  MERGE_TAG_PATTERN,
  SUBMISSION_SOURCE_LABELS,
  escapeHtml,
  locationText,
  lotNumberOfPath,
  lotPath,
  mergeTagName,
  site,
  type LeadAttribution,
  type LeadInterest,
  type LeadMergeTag,
  type PublicLot,
  type SubmissionReceived,
} from '@lp/contracts';
import type { RenderedMessage } from '../sending/render-message.ts';
import { htmlToText } from '../sending/render-message.ts';
import { inlineEmailCss } from '../sending/inline-email-css.ts';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';

export type LeadTemplate = { subject: string; content: string; previewText: string };
export type LeadValues = Record<LeadMergeTag, string>;

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const isLeadTag = (name: string): name is LeadMergeTag => Object.hasOwn(LEAD_MERGE_TAGS, name);
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
/** The interest as the visitor read it: the contact page sends a value ('buying'), the shared form its label. */
const interestShown = (s: SubmissionReceived['submission']) =>
  s.interest === null
    ? ''
    : s.source === 'contact-page' && Object.hasOwn(CONTACT_PAGE_INTERESTS, s.interest)
      ? CONTACT_PAGE_INTERESTS[s.interest as keyof typeof CONTACT_PAGE_INTERESTS]
      : s.interest;

/** The merge values of a submission and the lot it names (when inventory said what it is). */
export function leadValuesOf(event: SubmissionReceived, lot: PublicLot | null, publicUrl: string): LeadValues {
  const s = event.submission;
  const base = publicUrl.replace(/\/$/, '');
  const number = s.lotNumber ?? null;
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    message: s.message ?? '',
    interest: interestShown(s),
    lotNumber: number === null ? '' : String(number),
    lotSize: lot ? `${lot.sizeSqFt.toLocaleString('en-US')} sq ft` : '',
    lotPrice: lot?.price ? usd(lot.price) : '',
    lotUrl: number === null ? '' : `${base}${lotPath(number)}`,
  };
}

const fill = (text: string, values: LeadValues, escape: (s: string) => string) =>
  text.replace(MERGE_TAG_PATTERN, (_whole, inner: string) => {
    const name = mergeTagName(inner);
    return isLeadTag(name) ? escape(values[name]) : '';
  });

const PREHEADER_STYLE = 'mso-hide:all;font-size:0;line-height:0;max-height:0;max-width:0;height:0;width:0';

export function renderLeadReply(t: LeadTemplate, values: LeadValues, submissionId: string): RenderedMessage {
  const { head: sheet, body } = inlineEmailCss(sanitizeEmailHtml(t.content));
  const content = fill(body, values, escapeHtml);
  const preview = fill(escapeHtml(t.previewText), values, escapeHtml);
  const preheader = preview ? `<div style="${PREHEADER_STYLE}">${preview}</div>` : '';
  const footer =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#666;line-height:1.5">${escapeHtml(site.postalAddress)}<br>` +
    `You receive this email because you sent us a message on our website.</p>`;
  const head = `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${sheet}</head>`;
  return {
    from: { name: site.brand, address: site.email },
    to: values.email,
    subject: fill(t.subject, values, (s) => s).replace(/[\r\n]+/g, ' '),
    html: `<!doctype html><html>${head}${preheader}${content}${footer}</html>`,
    text: `${htmlToText(content)}\n\n--\n${site.postalAddress}\n`,
    messageId: `<lead-reply.${submissionId}@${domainOf(site.email)}>`,
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
  };
}

/** What analytics said of the lead's visits: its history, none kept (no tracked session), or no answer. */
export type LeadVisit =
  { status: 'found'; attribution: LeadAttribution } | { status: 'untracked' } | { status: 'unavailable' };

/** The lot numbers among the pages seen, in the order first seen. */
export const lotsViewedOf = (pages: readonly string[]): number[] => [
  ...new Set(pages.flatMap((p) => lotNumberOfPath(p.split(/[?#]/)[0]!) ?? [])),
];

/** The alert's rows of the visit history (the lead alert's and a journey alert's). */
export function visitRowsOf(visit: LeadVisit | undefined): [string, string][] {
  if (!visit) return [];
  if (visit.status === 'unavailable') return [['Visit history', 'Not available: analytics did not answer in time']];
  if (visit.status === 'untracked' || (visit.attribution.firstTouch === null && visit.attribution.pageviews === 0))
    return [['Visit history', 'None recorded for this visitor']];
  const a = visit.attribution;
  const t = a.firstTouch;
  const lots = lotsViewedOf(a.pages);
  const more = a.pageviews > a.pages.length ? `, … (${a.pageviews - a.pages.length} more)` : '';
  return [
    ['First-touch source', t ? t.source || 'Direct' : ''],
    ['First-touch campaign', t?.utmCampaign ?? ''],
    ['Landing page', t?.landingPage ?? ''],
    ['E-mail campaign', a.emailCampaign ?? ''],
    ['Visits', String(a.visits)],
    ['Pages seen', a.pages.length ? `${a.pageviews}: ${a.pages.join(', ')}${more}` : ''],
    ['Lots viewed', lots.map((n) => `Lot ${n}`).join(', ')],
  ];
}

export type LeadAlertFacts = {
  event: SubmissionReceived;
  interest: LeadInterest;
  values: LeadValues;
  /** The contact with the lead's address, when crm has one. */
  contactId: number | null;
  publicUrl: string;
  /** The visit history (left out: not asked). */
  visit?: LeadVisit;
};

/** The dashboard page that opens the lead's contact (the Contacts screen searched by the address). */
export const contactLinkOf = (publicUrl: string, email: string) =>
  `${publicUrl.replace(/\/$/, '')}/marketing/contacts?q=${encodeURIComponent(email)}`;

/** The alert's rows, label → value, empty values left out. */
export function alertRowsOf(f: LeadAlertFacts): [string, string][] {
  const s = f.event.submission;
  const v = f.values;
  const lot = v.lotNumber
    ? [`Lot ${v.lotNumber}`, v.lotSize, v.lotPrice].filter(Boolean).join(', ') + (v.lotUrl ? ` (${v.lotUrl})` : '')
    : '';
  const rows: [string, string][] = [
    ['Name', `${s.firstName} ${s.lastName}`.trim()],
    ['Email', s.email],
    ['Phone', s.phone],
    ['Interest', `${LEAD_INTEREST_LABELS[f.interest]}${v.interest ? ` (${v.interest})` : ''}`],
    ['Lot', lot],
    ['Message', s.message ?? ''],
    ['Form', SUBMISSION_SOURCE_LABELS[s.source] + (s.topic ? `: ${s.topic}` : '')],
    ['Page', s.page ?? ''],
    ['Location', locationText({ country: s.country ?? null, region: s.region ?? null, city: s.city ?? null })],
    ['Sent at', f.event.occurredAt],
    ...visitRowsOf(f.visit),
  ];
  return rows.filter(([, value]) => value !== '');
}

/**
 * A staff alert as the lead alert and a journey's alert step both send it: a heading, the rows
 * (label → value, visitors' values escaped), a link to the contact in the dashboard; Reply-To is
 * the contact, so staff answer in one click. `messageKey` names the alert in its Message-ID (one
 * per recipient), so a copy the relay got twice reads as one.
 */
export type StaffAlert = {
  heading: string;
  subject: string;
  rows: [string, string][];
  link: string;
  linkLabel: string;
  replyTo: string;
  messageKey: string;
};

export function renderStaffAlert(a: StaffAlert, to: string): RenderedMessage {
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"></head>` +
    `<h2 style="font-family:sans-serif">${escapeHtml(a.heading)}</h2>` +
    `<table style="font-family:sans-serif;font-size:14px;border-collapse:collapse">` +
    a.rows
      .map(
        ([k, val]) =>
          `<tr><th style="${cell}">${escapeHtml(k)}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(val)}</td></tr>`,
      )
      .join('') +
    `</table><p style="font-family:sans-serif"><a href="${escapeHtml(a.link)}">${a.linkLabel}</a></p></html>`;
  const text = `${a.heading}\n\n${a.rows.map(([k, val]) => `${k}: ${val}`).join('\n')}\n\n${a.linkLabel}: ${a.link}\n`;
  return {
    from: { name: `${site.brand} leads`, address: site.email },
    to,
    subject: a.subject.replace(/[\r\n]+/g, ' '),
    html,
    text,
    messageId: `<${a.messageKey}.${createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 12)}@${domainOf(site.email)}>`,
    headers: {
      'Reply-To': a.replyTo,
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
    },
  };
}

export function renderLeadAlert(f: LeadAlertFacts, to: string): RenderedMessage {
  const s = f.event.submission;
  return renderStaffAlert(
    {
      heading: `New lead: ${s.firstName} ${s.lastName}`,
      subject: `New lead (${LEAD_INTEREST_LABELS[f.interest]}): ${s.firstName} ${s.lastName}`,
      rows: alertRowsOf(f),
      link: contactLinkOf(f.publicUrl, s.email),
      linkLabel: f.contactId === null ? 'Find the lead in Contacts' : 'Open the contact',
      replyTo: s.email,
      messageKey: `lead-alert.${f.event.id}`,
    },
    to,
  );
}
