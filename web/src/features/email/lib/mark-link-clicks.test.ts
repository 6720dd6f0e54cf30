import { describe, expect, it } from 'vitest';
import { markLinkClicks } from './mark-link-clicks';
import { renderEmailPreview } from './render-email-preview';

const links = [
  { idx: 0, url: 'https://lakepowell.example/lots/9?a=1&b=2', uniqueClicks: 12, totalClicks: 15 },
  { idx: 1, url: 'https://lakepowell.example/map', uniqueClicks: 1, totalClicks: 1 },
  { idx: 2, url: 'https://lakepowell.example/never-in-this-variant', uniqueClicks: 3, totalClicks: 3 },
];

const marksOf = (doc: string) =>
  [...new DOMParser().parseFromString(doc, 'text/html').querySelectorAll('[data-link-clicks]')].map((m) => [
    m.previousElementSibling?.textContent,
    m.textContent,
  ]);

describe('the report preview with clicks marked on the message', () => {
  it('marks each tracked link (entities in its href decoded) with its people and clicks, and nothing else', () => {
    const content =
      '<p>Hello {{firstName}}, <a href="https://lakepowell.example/lots/9?a=1&amp;b=2">lot 9</a> is open.</p>' +
      '<p><a href="https://lakepowell.example/map">The map</a> · <a href="https://elsewhere.example/">not tracked</a></p>';
    const doc = markLinkClicks(renderEmailPreview(content), links);
    expect(marksOf(doc)).toEqual([
      ['lot 9', '12 people · 15 clicks'],
      ['The map', '1 person · 1 click'],
    ]);
    // The footer's unsubscribe link and the untracked link keep no mark; the text stays.
    expect(doc).toContain('not tracked');
    expect(doc.startsWith('<!doctype html>')).toBe(true);
  });

  it('adds marks as text: a tracked address holding markup cannot put it in the frame', () => {
    const url = 'https://lakepowell.example/?q="><img src=x onerror=alert(1)>';
    const doc = markLinkClicks(
      `<!doctype html><html><body><a href='${url.replace(/'/g, '&#39;')}'>x</a></body></html>`,
      [{ idx: 0, url, uniqueClicks: 2, totalClicks: 4 }],
    );
    expect(marksOf(doc)).toEqual([['x', '2 people · 4 clicks']]);
    expect(new DOMParser().parseFromString(doc, 'text/html').querySelectorAll('img')).toHaveLength(0);
  });
});
