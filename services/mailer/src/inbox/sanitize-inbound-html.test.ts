/** The inbound HTML policy: mail markup kept, every XSS vector of the corpus removed. */
import { describe, expect, it } from 'vitest';
import { INBOUND_XSS_CORPUS } from '@lp/contracts';
import { sanitizeInboundHtml } from './sanitize-inbound-html.ts';

describe('sanitizeInboundHtml', () => {
  it.each(INBOUND_XSS_CORPUS.map((html, i) => [i + 1, html] as const))('neutralises payload %i', (_n, html) => {
    const out = sanitizeInboundHtml(html).html;
    expect(out).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|meta|base|link|video|source)\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/javascript:|vbscript:|expression\(|data:text|data:image\/svg/i);
    expect(out).not.toMatch(/url\(/i);
  });

  it('keeps what mail is made of: tables, fonts, safe inline styles, links opening apart', () => {
    const { html, hasRemoteImages } = sanitizeInboundHtml(
      '<table cellpadding="4" bgcolor="#eee"><tr><td style="color: red; background-image: url(https://t.example/p.gif)">' +
        '<font face="Arial">Hi</font> <a href="https://lakepowelllots.com/lots">lots</a></td></tr></table>',
    );
    expect(html).toBe(
      '<table cellpadding="4" bgcolor="#eee"><tr><td style="color:red"><font face="Arial">Hi</font> ' +
        '<a href="https://lakepowelllots.com/lots" target="_blank" rel="noopener noreferrer">lots</a></td></tr></table>',
    );
    expect(hasRemoteImages).toBe(false);
  });

  it('flags remote images (kept for "Show images") and keeps raster data: and cid: images', () => {
    const r = sanitizeInboundHtml(
      '<img src="https://tracker.example/open.gif" alt="t"><img src="data:image/png;base64,iVBORw0KGgo="><img src="cid:lot@x">',
    );
    expect(r.hasRemoteImages).toBe(true);
    expect(r.html).toContain('src="https://tracker.example/open.gif"');
    expect(r.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(r.html).toContain('src="cid:lot@x"');
  });
});
