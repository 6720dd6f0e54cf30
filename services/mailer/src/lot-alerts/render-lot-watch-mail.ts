/**
 * The two messages of a lot watch. The confirmation (double opt-in): the lot, the signed link
 * that turns the watch on and how long it works, and "ignore this if it was not you". The alert:
 * what visitors can see changed (status, price; a sold lot's price is never shown, as on the
 * site), a link to the lot's page, the seller's postal address, a visible stop link and the RFC
 * 8058 one-click `List-Unsubscribe` headers, which stop this watch only. Both are plain HTML and
 * text, the visitor's own request: no tracking pixel or tracked links (those belong to a
 * campaign's deliveries). Message-IDs name the request or the watch and lot version, so a copy
 * the relay got twice reads as one.
 */
import {
  LOT_STATUS_LABELS,
  LOT_WATCH_CONFIRM_HOURS,
  escapeHtml,
  lotPath,
  site,
  type LotChanged,
  type LotStatus,
} from '@lp/contracts';
import type { RenderedMessage } from '../sending/render-message.ts';

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const usd = (n: unknown) => (typeof n === 'number' ? `$${n.toLocaleString('en-US')}` : '—');
const statusLabel = (s: unknown) =>
  typeof s === 'string' && s in LOT_STATUS_LABELS ? LOT_STATUS_LABELS[s as LotStatus] : '—';
const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');
export const lotUrlOf = (publicUrl: string, lotNumber: number) => `${base(publicUrl)}${lotPath(lotNumber)}`;

/** One visible change: its label, old and new value as a visitor reads them. */
export type AlertLine = { label: string; from: string; to: string };

/**
 * What a watcher is told of a change: the status and the price, old → new. Other fields (tags,
 * size, description) are not alerted. A price is not shown once the lot is sold (visitors never
 * see a sold lot's price): a sold lot's price change alone tells nothing.
 */
export function alertLinesOf(event: Pick<LotChanged, 'lot' | 'changes'>): AlertLine[] {
  const lines: AlertLine[] = [];
  const { status, price } = event.changes;
  if (status) lines.push({ label: 'Status', from: statusLabel(status.from), to: statusLabel(status.to) });
  if (price && event.lot.status !== 'sold') {
    const wasSold = status?.from === 'sold';
    lines.push({ label: 'Price', from: wasSold ? 'not listed' : usd(price.from), to: usd(price.to) });
  }
  return lines;
}

const FONT = 'font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5';
const footer = (why: string) =>
  `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
  `<p style="font-size:12px;color:#666;line-height:1.5">${escapeHtml(site.postalAddress)}<br>${why}</p>`;
const html = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<div style="${FONT}">${body}</div></html>`;
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>`;

export function renderWatchConfirmation(c: {
  requestId: string;
  lotNumber: number;
  email: string;
  confirmUrl: string;
  publicUrl: string;
}): RenderedMessage {
  const lot = `Lot ${c.lotNumber}`;
  const why = 'You receive this email because someone asked on our website to watch this lot for this address.';
  return {
    from: { name: site.brand, address: site.email },
    to: c.email,
    subject: `Confirm alerts for ${lot}`,
    html: html(
      `<h2>Confirm alerts for ${lot}</h2>` +
        `<p>You asked to be told when <a href="${escapeHtml(lotUrlOf(c.publicUrl, c.lotNumber))}">${lot}</a> changes status or price. ` +
        `Confirm to turn the alerts on:</p>` +
        button(c.confirmUrl, 'Confirm alerts') +
        `<p>This link works for ${LOT_WATCH_CONFIRM_HOURS} hours. If you did not ask for this, ignore this email: nothing will be sent.</p>` +
        footer(why),
    ),
    text:
      `You asked to be told when ${lot} changes status or price.\n\n` +
      `Confirm to turn the alerts on:\n${c.confirmUrl}\n\n` +
      `This link works for ${LOT_WATCH_CONFIRM_HOURS} hours. If you did not ask for this, ignore this email: nothing will be sent.\n\n` +
      `--\n${site.postalAddress}\n${why}\n`,
    messageId: `<lot-watch-confirm.${c.requestId}@${domainOf(site.email)}>`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  };
}

export function renderLotAlert(a: {
  watchId: number;
  email: string;
  event: Pick<LotChanged, 'lot' | 'changes'>;
  lines: AlertLine[];
  stopUrl: string;
  publicUrl: string;
}): RenderedMessage {
  const { lot } = a.event;
  const lotUrl = lotUrlOf(a.publicUrl, lot.number);
  const what = a.lines.map((l) => l.label.toLowerCase()).join(' and ');
  const cell = 'padding:4px 12px 4px 0;text-align:left';
  const rows = a.lines
    .map(
      (l) =>
        `<tr><th style="${cell}">${escapeHtml(l.label)}</th><td style="${cell}">${escapeHtml(l.from)} → <strong>${escapeHtml(l.to)}</strong></td></tr>`,
    )
    .join('');
  const why = 'You receive this email because you asked to be told when this lot changes.';
  const listName = site.brand
    .replace(/[()<>[\]:;@\\,."]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    from: { name: site.brand, address: site.email },
    to: a.email,
    subject: `Lot ${lot.number}: new ${what}`,
    html: html(
      `<h2>Lot ${lot.number} has changed</h2>` +
        `<table style="border-collapse:collapse;font-size:15px">${rows}</table>` +
        button(lotUrl, `See lot ${lot.number}`) +
        footer(`${why} <a href="${escapeHtml(a.stopUrl)}">Stop alerts for lot ${lot.number}</a>`),
    ),
    text:
      `Lot ${lot.number} has changed\n\n${a.lines.map((l) => `${l.label}: ${l.from} → ${l.to}`).join('\n')}\n\n` +
      `See lot ${lot.number}: ${lotUrl}\n\n--\n${site.postalAddress}\n${why}\nStop alerts for lot ${lot.number}: ${a.stopUrl}\n`,
    messageId: `<lot-alert.${a.watchId}.v${lot.version}@${domainOf(site.email)}>`,
    headers: {
      'List-Id': `${listName ? `${listName} ` : ''}<lot-alerts.${domainOf(site.email)}>`,
      'List-Unsubscribe': `<${a.stopUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}

/** The public links of a watch. */
export const confirmUrlOf = (publicUrl: string, token: string) => `${base(publicUrl)}/lot-alerts/confirm/${token}`;
export const stopUrlOf = (publicUrl: string, token: string) => `${base(publicUrl)}/lot-alerts/stop/${token}`;
