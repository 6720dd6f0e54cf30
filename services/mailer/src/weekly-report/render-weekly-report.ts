/**
 * The weekly report as a message: a plain HTML body (tables, inline styles, no images, no
 * tracking: it goes to staff) and a text part laid out from the same figures, each figure with
 * last week's and the change, and a link to the dashboard's Analytics screen for the same days.
 * Every value that came from visitors (a referrer's name) is escaped.
 */
import { escapeHtml, site } from '@lp/contracts';
import type { Change, WeeklyReportFigures } from './gather-report-figures.ts';

export type RenderedReport = { subject: string; html: string; text: string; dashboardUrl: string };

const number = new Intl.NumberFormat('en-US');
const count = (n: number) => number.format(n);

/** "Nov 19" (days are calendar days, formatted as such). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const periodLabel = (p: { from: string; to: string }) => `${shortDay(p.from)} – ${shortDay(p.to)}, ${p.to.slice(0, 4)}`;

/** "+12%", "−5%", "no change", "new" (nothing the week before). */
export function changeLabel({ now, before }: Change): string {
  if (now === before) return 'no change';
  if (before === 0) return 'new';
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return now > before ? '+<1%' : '−<1%';
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`;
}

const sourceLabel = (s: string) => (s === '' ? 'Direct / none' : s);

type Row = { name: string; now: number; before: number; extra?: string };

export function renderWeeklyReport(f: WeeklyReportFigures, publicUrl: string): RenderedReport {
  const query = new URLSearchParams({ from: f.period.from, to: f.period.to, compare: 'previous' });
  const dashboardUrl = `${publicUrl.replace(/\/$/, '')}/marketing/analytics?${query}`;
  const week = periodLabel(f.period);
  const subject = `${site.brand} weekly report, ${week}: ${count(f.visits.now)} visits, ${count(f.leads.now)} leads`;

  const totals: Row[] = [
    { name: 'Visits', now: f.visits.now, before: f.visits.before },
    { name: 'Visitors', now: f.visitors.now, before: f.visitors.before },
    { name: 'Page views', now: f.pageviews.now, before: f.pageviews.before },
    { name: 'Leads (form submissions)', now: f.leads.now, before: f.leads.before },
  ];
  const sources: Row[] = f.sources.map((s) => ({
    name: sourceLabel(s.source),
    now: s.visits.now,
    before: s.visits.before,
    extra: `${count(s.leads)} ${s.leads === 1 ? 'lead' : 'leads'}`,
  }));
  const lots: Row[] = f.lots.map((l) => ({
    name: `Lot ${l.number}`,
    now: l.leads.now,
    before: l.leads.before,
    extra: `${count(l.mapClicks.now)} map clicks (${changeLabel(l.mapClicks)}), ${count(l.pageViews.now)} page views (${changeLabel(l.pageViews)})`,
  }));

  const cell = 'padding:6px 10px;border-bottom:1px solid #e7e5e4;text-align:left;vertical-align:top';
  const num = `${cell};text-align:right;white-space:nowrap`;
  const table = (caption: string, head: [string, string, string, string], rows: Row[], empty: string) =>
    `<h2 style="font-size:16px;margin:24px 0 8px;color:#1c3d5a">${escapeHtml(caption)}</h2>` +
    (rows.length === 0
      ? `<p style="margin:0;color:#57534e">${escapeHtml(empty)}</p>`
      : `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:14px">` +
        `<tr>${head.map((h, i) => `<th style="${i === 0 ? cell : num};color:#57534e;font-weight:600">${h}</th>`).join('')}</tr>` +
        rows
          .map(
            (r) =>
              `<tr><td style="${cell}">${escapeHtml(r.name)}${
                r.extra ? `<br><span style="color:#57534e;font-size:12px">${escapeHtml(r.extra)}</span>` : ''
              }</td><td style="${num}">${count(r.now)}</td><td style="${num}">${count(r.before)}</td>` +
              `<td style="${num}">${changeLabel(r)}</td></tr>`,
          )
          .join('') +
        `</table>`);

  const html =
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">` +
    `<div style="max-width:640px;margin:0 auto;background:#ffffff;padding:24px;border:1px solid #e7e5e4">` +
    `<h1 style="font-size:20px;margin:0 0 4px;color:#1c3d5a">${escapeHtml(site.brand)}: the week of ${escapeHtml(week)}</h1>` +
    `<p style="margin:0 0 8px;color:#57534e">Compared with the week before (${escapeHtml(periodLabel(f.previous))}).</p>` +
    table('The site', ['Figure', 'This week', 'Week before', 'Change'], totals, '') +
    table('Top sources (by visits)', ['Source', 'Visits', 'Week before', 'Change'], sources, 'No visits this week.') +
    table(
      'Lots with the most interest (by leads)',
      ['Lot', 'Leads', 'Week before', 'Change'],
      lots,
      'No lot drew interest this week.',
    ) +
    `<p style="margin:24px 0 0"><a href="${escapeHtml(dashboardUrl)}" style="color:#1d4ed8">Open the Analytics screen for these days</a></p>` +
    `<p style="margin:16px 0 0;color:#78716c;font-size:12px">The weekly report staff chose in the dashboard (Analytics, Weekly report). ` +
    `Days are calendar days in the site's time zone.</p>` +
    `</div></body></html>`;

  const textTable = (caption: string, rows: Row[], empty: string) => {
    if (rows.length === 0) return `${caption}\n  ${empty}`;
    const width = Math.max(...rows.map((r) => r.name.length));
    return [
      caption,
      ...rows.map((r) => {
        const line = `  ${r.name.padEnd(width)}  ${count(r.now).padStart(7)}  (week before ${count(r.before)}, ${changeLabel(r)})`;
        return r.extra ? `${line}\n  ${' '.repeat(width)}  ${r.extra}` : line;
      }),
    ].join('\n');
  };
  const text = [
    `${site.brand}: the week of ${week}`,
    `Compared with the week before (${periodLabel(f.previous)}).`,
    textTable('The site', totals, ''),
    textTable('Top sources (by visits)', sources, 'No visits this week.'),
    textTable('Lots with the most interest (by leads)', lots, 'No lot drew interest this week.'),
    `Open the Analytics screen for these days: ${dashboardUrl}`,
  ].join('\n\n');

  return { subject, html, text, dashboardUrl };
}
