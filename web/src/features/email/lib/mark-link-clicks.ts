/**
 * The campaign report's preview of the message with each tracked link's clicks marked beside it:
 * a link is the report's when its address is the one the mailer tracked (the mailer matches the
 * href as written, entities decoded: the DOM's attribute value). Links the message has but the
 * mailer did not track (merge-tag addresses, the unsubscribe link) get no mark. The marks are
 * plain text in inline-styled spans, added to the finished preview document (sandboxed frame).
 */
import type { CampaignReport } from '@lp/contracts/email';
import { formatCount } from '../../../lib/format-count';

const MARK_STYLE =
  'display:inline-block;margin-left:4px;padding:0 6px;border-radius:9999px;background:#0f3d52;color:#fff;' +
  'font:bold 12px/1.6 Arial,sans-serif;white-space:nowrap;vertical-align:middle';

export const clicksLabel = (l: { uniqueClicks: number; totalClicks: number }) =>
  `${formatCount(l.uniqueClicks)} ${l.uniqueClicks === 1 ? 'person' : 'people'} · ${formatCount(l.totalClicks)} ${
    l.totalClicks === 1 ? 'click' : 'clicks'
  }`;

export function markLinkClicks(doc: string, links: CampaignReport['links']): string {
  const byUrl = new Map(links.map((l) => [l.url, l]));
  const parsed = new DOMParser().parseFromString(doc, 'text/html');
  for (const a of parsed.querySelectorAll('a[href]')) {
    const link = byUrl.get(a.getAttribute('href') ?? '');
    if (!link) continue;
    const mark = parsed.createElement('span');
    mark.setAttribute('style', MARK_STYLE);
    mark.setAttribute('data-link-clicks', String(link.idx));
    mark.textContent = clicksLabel(link);
    a.after(mark);
  }
  return `<!doctype html>${parsed.documentElement.outerHTML}`;
}
