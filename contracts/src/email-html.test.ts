import { describe, expect, it } from 'vitest';
import {
  cleanEmailStyle,
  isAllowedMsoCondition,
  fillMergeTags,
  findUnknownMergeTags,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
  unknownMergeTagsMessage,
} from './email-html.ts';
import { cleanEmailStyleSheet, scopeEmailStyleSheet } from './email-css.ts';

describe('e-mail HTML policy', () => {
  it('keeps allowed inline styles and drops the rest', () => {
    expect(cleanEmailStyle('color: red; position: fixed; background-image: url(x); font-size: 14px')).toBe(
      'color: red; font-size: 14px',
    );
    expect(cleanEmailStyle('width: expression(alert(1))')).toBe('');
  });

  it('keeps what stock templates style with: Outlook, WebKit, box model, !important, colour functions', () => {
    expect(
      cleanEmailStyle(
        'background: #ffffff; mso-hide: all; visibility: hidden; text-transform: capitalize; box-sizing: border-box; ' +
          'display: none!important; color: rgba(0, 0, 0, 0.5); font: 14px/1.5 "Helvetica Neue", Arial',
      ),
    ).toBe(
      'background: #ffffff; mso-hide: all; visibility: hidden; text-transform: capitalize; box-sizing: border-box; ' +
        'display: none!important; color: rgba(0, 0, 0, 0.5); font: 14px/1.5 "Helvetica Neue", Arial',
    );
    // Code, remote resources, hidden-by-colour text, anything but !important after a bang.
    for (const decl of [
      'behavior: url(x.htc)',
      '-moz-binding: url(https://x.test/b.xml#x)',
      'background: url(javascript:alert(1))',
      'background: \\75rl(https://x.test/p.gif)',
      'width: calc(1px) expression(alert(1))',
      'color: var(--x)',
      'color: attr(title)',
      'color: transparent',
      'color: red !ie',
      'font-family: "Arial',
    ])
      expect(cleanEmailStyle(decl), decl).toBe('');
  });

  it('rebuilds a <style> sheet from its allowed rules: no imports, fonts, expressions, bindings, escapes, markup', () => {
    const css =
      '@charset "utf-8"; @import url(https://x.test/a.css); @font-face { font-family: X; src: url(https://x.test/f.woff) }' +
      '/* a comment */ .btn a, td:hover { color: #fff; behavior: url(x.htc); -moz-binding: url(x); padding: 12px 24px !important }' +
      'p { background: url(javascript:alert(1)); } a[x-apple-data-detectors] { color: inherit !important }' +
      '@media only screen and (max-width: 620px) { .main { width: 100% !important } @media print { p { color: red } } }' +
      '@media screen and (x:expression(alert(1))) { p { color: red } } @keyframes k { from { color: red } }' +
      'p\\3c script { color: red } @supports (display: grid) { p { color: red } }';
    expect(cleanEmailStyleSheet(css)).toBe(
      '.btn a,\ntd:hover {\n  color: #fff;\n  padding: 12px 24px !important;\n}\n' +
        'a[x-apple-data-detectors] {\n  color: inherit !important;\n}\n' +
        '@media only screen and (max-width: 620px) {\n  .main {\n    width: 100% !important;\n  }\n}',
    );
    expect(cleanEmailStyleSheet('p { color: red } </style><script>alert(1)</script>')).not.toContain('<');
    expect(cleanEmailStyleSheet('}}} p { color: red')).toBe('p {\n  color: red;\n}');
  });

  it("reads Outlook's conditions, nothing else", () => {
    for (const c of ['mso', '!mso', 'gte mso 9', '(gte mso 9)|(IE)', 'mso | IE'])
      expect(isAllowedMsoCondition(c), c).toBe(true);
    for (const c of ['mso]><script>', 'mso"', '<img src=x>', '']) expect(isAllowedMsoCondition(c), c).toBe(false);
  });

  it('allows http(s), mailto and the unsubscribe tag as link targets, https images only', () => {
    expect(isAllowedEmailHref('https://lakepowelllots.com/lots')).toBe(true);
    expect(isAllowedEmailHref('{{unsubscribeUrl}}')).toBe(true);
    expect(isAllowedEmailHref('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedEmailHref('{{firstName}}')).toBe(false);
    expect(isAllowedEmailImageSrc('http://x.test/a.png')).toBe(false);
    expect(isAllowedEmailImageSrc('https://x.test/a.png')).toBe(true);
  });

  it('finds unknown merge tags and fills known ones, escaping HTML', () => {
    expect(findUnknownMergeTags('Hi {{firstName}} {{ nickname }} {{nickname}}')).toEqual(['{{nickname}}']);
    const values = { firstName: '<b>Al</b>', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    expect(fillMergeTags('Hi {{ firstName }} {{lastName}}', values, { html: true })).toBe(
      'Hi &lt;b&gt;Al&lt;/b&gt; Yazzie',
    );
    expect(fillMergeTags('Hi {{firstName}}', values, { html: false })).toBe('Hi <b>Al</b>');
  });

  it("knows only the product's own fields: Object's inherited names are unknown tags, left as written", () => {
    const values = { firstName: 'Al', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    const text = 'Hi {{constructor}} {{ toString }} {{__proto__}} {{hasOwnProperty}} {{firstName}}';
    expect(findUnknownMergeTags(text)).toEqual([
      '{{constructor}}',
      '{{toString}}',
      '{{__proto__}}',
      '{{hasOwnProperty}}',
    ]);
    expect(fillMergeTags(text, values, { html: false })).toBe(
      'Hi {{constructor}} {{ toString }} {{__proto__}} {{hasOwnProperty}} Al',
    );
    expect(unknownMergeTagsMessage(['{{constructor}}'])).toBe(
      'Unknown merge tag: {{constructor}}. Use one of {{firstName}}, {{lastName}}, {{email}}, {{unsubscribeUrl}}',
    );
  });

  it('scans merge tags in linear time: a brace pair and 8,000 spaces, unclosed or closed', () => {
    const values = { firstName: 'Al', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    const spaces = ' '.repeat(8_000);
    // The old pattern took minutes on each of these (cubic in the run of spaces).
    expect(findUnknownMergeTags(`{{${spaces}`)).toEqual([]);
    expect(findUnknownMergeTags(`{{${spaces}}`)).toEqual([]);
    expect(fillMergeTags(`{{${spaces}x`, values, { html: true })).toBe(`{{${spaces}x`);
    expect(fillMergeTags(`{{${spaces}firstName${spaces}}}`, values, { html: true })).toBe('Al');
    expect(findUnknownMergeTags(`{{${spaces}nickname${spaces}}}`)).toEqual(['{{nickname}}']);
    expect(findUnknownMergeTags(`{{${'{{ a '.repeat(20_000)}`)).toEqual([]);
  }, 2_000);
});

describe('scopeEmailStyleSheet', () => {
  it("scopes every rule to the content's wrapper, body and html standing for the wrapper, inside @media too", () => {
    const css = cleanEmailStyleSheet(
      'p, .btn a:hover { color: #333 } body { background: #eee } html > body .main { width: 100% } ' +
        'body.wide td { padding: 0 } @media only screen and (max-width: 620px) { table.body h1 { font-size: 28px } }',
    );
    const selectors = scopeEmailStyleSheet(css)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /[{,]$/.test(line) && !line.startsWith('@'))
      .map((line) => line.slice(0, -1).trim());
    expect(selectors).toEqual([
      '.lp-content p',
      '.lp-content .btn a:hover',
      '.lp-content',
      '.lp-content .main',
      '.lp-content.wide td',
      '.lp-content table.body h1',
    ]);
  });
});
