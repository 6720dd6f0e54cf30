/** The weekly report as staff read it: figures with last week's and the change, escaped, with a link to the screen. */
import { describe, expect, it } from 'vitest';
import type { WeeklyReportFigures } from './gather-report-figures.ts';
import { changeLabel, renderWeeklyReport } from './render-weekly-report.ts';

const figures: WeeklyReportFigures = {
  period: { from: '2026-11-23', to: '2026-11-29', days: 7 },
  previous: { from: '2026-11-16', to: '2026-11-22', days: 7 },
  visits: { now: 1250, before: 1000 },
  visitors: { now: 900, before: 1000 },
  pageviews: { now: 4000, before: 4000 },
  leads: { now: 6, before: 0 },
  sources: [
    { source: 'google.com', visits: { now: 600, before: 500 }, leads: 3 },
    { source: '', visits: { now: 400, before: 410 }, leads: 1 },
    { source: '<img src=x onerror=alert(1)>.example', visits: { now: 3, before: 0 }, leads: 0 },
  ],
  lots: [
    { number: 7, leads: { now: 2, before: 1 }, mapClicks: { now: 5, before: 4 }, pageViews: { now: 30, before: 40 } },
  ],
};

/** Whether `parts` occur in `text` in this order. */
function inOrder(text: string, parts: string[]): boolean {
  let at = 0;
  for (const p of parts) {
    const i = text.indexOf(p, at);
    if (i < 0) return false;
    at = i + p.length;
  }
  return true;
}

describe('changeLabel', () => {
  it('says the change in percent, or new, or no change', () => {
    expect(changeLabel({ now: 1250, before: 1000 })).toBe('+25%');
    expect(changeLabel({ now: 900, before: 1000 })).toBe('−10%');
    expect(changeLabel({ now: 5, before: 5 })).toBe('no change');
    expect(changeLabel({ now: 0, before: 0 })).toBe('no change');
    expect(changeLabel({ now: 6, before: 0 })).toBe('new');
    expect(changeLabel({ now: 0, before: 4 })).toBe('−100%');
    expect(changeLabel({ now: 1001, before: 1000 })).toBe('+<1%');
  });
});

describe('renderWeeklyReport', () => {
  const r = renderWeeklyReport(figures, 'https://lakepowelllots.com/');

  it('names the week and its headline figures in the subject', () => {
    expect(r.subject).toBe('Lake Powell Lots weekly report, Nov 23 – Nov 29, 2026: 1,250 visits, 6 leads');
  });

  it('links to the Analytics screen for the same days', () => {
    expect(r.dashboardUrl).toBe(
      'https://lakepowelllots.com/marketing/analytics?from=2026-11-23&to=2026-11-29&compare=previous',
    );
    expect(r.html).toContain(`href="${r.dashboardUrl.replace(/&/g, '&amp;')}"`);
    expect(r.text).toContain(r.dashboardUrl);
  });

  it('gives each figure, the week before and the change in both parts', () => {
    for (const part of [r.html, r.text]) {
      expect(part).toContain('Nov 16 – Nov 22, 2026');
      expect(inOrder(part, ['Visits', '1,250', '1,000', '+25%'])).toBe(true);
      expect(inOrder(part, ['Leads (form submissions)', '6', 'new'])).toBe(true);
      expect(inOrder(part, ['google.com', '600', '500', '+20%'])).toBe(true);
      expect(part).toContain('Direct / none');
      expect(inOrder(part, ['Lot 7', '5 map clicks (+25%), 30 page views (−25%)'])).toBe(true);
    }
    expect(r.text).toContain('  Visits                      1,250  (week before 1,000, +25%)');
  });

  it('escapes what visitors sent (a referrer) and carries no script, image or tracking', () => {
    expect(r.html).not.toContain('<img');
    expect(r.html).toContain('&lt;img src=x onerror=alert(1)&gt;.example');
    expect(r.html).not.toMatch(/<script|\/e\/o\/|\/e\/c\//);
  });

  it('says so when the week had no visits and no lot drew interest', () => {
    const quiet = renderWeeklyReport({ ...figures, sources: [], lots: [] }, 'https://lakepowelllots.com');
    expect(quiet.text).toContain('No visits this week.');
    expect(quiet.html).toContain('No lot drew interest this week.');
  });
});
