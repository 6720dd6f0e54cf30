import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email-html.ts';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('sanitizeEmailHtml', () => {
  it('removes scripts, handlers, unsafe links and styles; keeps table layouts and the unsubscribe tag', () => {
    const dirty =
      '<table width="600" onclick="x()"><tr><td style="color: red; position: absolute">A</td></tr></table>' +
      '<a href="javascript:alert(1)">x</a><a href="{{unsubscribeUrl}}">u</a><img src="http://t.test/p.gif">' +
      '<script>alert(1)</script><iframe src="https://x"></iframe>';
    expect(sanitizeEmailHtml(dirty)).toBe(
      '<table width="600"><tr><td style="color: red">A</td></tr></table><a>x</a><a href="{{unsubscribeUrl}}">u</a>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeEmailHtml(
      '<p style="font-size: 14px">Hi <b>{{firstName}}</b> <a href="https://x.test/?a=1&b=2">go</a></p>',
    );
    expect(sanitizeEmailHtml(once)).toBe(once);
  });

  it("keeps a stock responsive template's design: its <style> sheet, classes, table attributes", async () => {
    const source = fixture('leemunroe-email.html');
    const saved = sanitizeEmailHtml(source);
    // The whole saved template, as the preview test reads it too.
    await expect(saved).toMatchFileSnapshot('fixtures/saved/leemunroe-email.html');
    expect(count(saved, /<style>/g)).toBe(1);
    expect(count(saved, /\sclass="/g)).toBe(count(source, /\sclass="/g));
    expect(saved).toContain('<table border="0" cellpadding="0" cellspacing="0" role="presentation" class="main">');
    expect(saved).toContain(
      '.btn-primary a {\n  background-color: #0867ec;\n  border-color: #0867ec;\n  color: #ffffff;\n}',
    );
    expect(saved).toContain('@media only screen and (max-width: 640px) {');
    expect(saved).toContain('mso-table-lspace: 0pt;');
    // The head's title and meta elements are not content.
    expect(saved).not.toMatch(/<title|<meta|Simple Transactional Email/);
    expect(sanitizeEmailHtml(saved)).toBe(saved);
  });

  it('keeps the inlined version of the template: bgcolor, background, mso-hide, visibility, text-transform, box-sizing', () => {
    const saved = sanitizeEmailHtml(fixture('leemunroe-email-inlined.html'));
    expect(count(saved, /\sbgcolor="/g)).toBe(2);
    for (const decl of ['background: #ffffff', 'mso-hide: all', 'visibility: hidden', 'text-transform: capitalize'])
      expect(saved).toContain(decl);
    expect(saved).toContain('box-sizing: border-box');
    // Hidden text is hidden by display and size, not by a colour matching the background.
    expect(saved).not.toContain('transparent');
  });

  it("keeps the body's page colour, style and class on the div that holds the content", () => {
    const inlined = sanitizeEmailHtml(fixture('leemunroe-email-inlined.html'));
    expect(inlined).toMatch(/<div style="font-family: Helvetica, sans-serif;[^"]*background-color: #f4f5f6;[^"]*">/);
    const mailgun = sanitizeEmailHtml(fixture('mailgun-action.html'));
    expect(mailgun).toContain('<div class="body" style="background-color: #f4f4f4">');
    // An old-style bgcolor becomes the div's background colour; the body's end tag ends the div.
    expect(sanitizeEmailHtml('<body bgcolor="#eeeeee" onload="x()"><p>Hi</p></body>')).toBe(
      '<div style="background-color: #eeeeee"><p>Hi</p></div>',
    );
    for (const saved of [inlined, mailgun]) expect(sanitizeEmailHtml(saved)).toBe(saved);
  });

  it("keeps Outlook's conditional comments with their content under the policy: ghost tables, MSO styles", () => {
    const saved = sanitizeEmailHtml(fixture('mailgun-action.html'));
    // The ghost table Outlook lays the message out with: opened in one block, closed in another.
    expect(saved).toContain(
      '<!--[if mso]>\n<table width="600" align="center" border="0" cellpadding="0" cellspacing="0" role="presentation" style="border-collapse: collapse"><tr><td align="center">\n<![endif]-->',
    );
    expect(saved).toContain('<!--[if mso]>\n</td></tr></table>\n<![endif]-->');
    expect(saved).toMatch(/<!--\[if mso\]>\n<style>\ntable,\ntr,[^<]*mso-line-height-rule: exactly !important;/);
    // Office's XML settings are not HTML: dropped with their content.
    expect(saved).not.toMatch(/PixelsPerInch|96/);
    expect(sanitizeEmailHtml(saved)).toBe(saved);

    const postmark = sanitizeEmailHtml(fixture('postmark-basic-welcome.html'));
    // Remote fonts are remote code: the @import is gone, the rest of the sheet stays.
    expect(postmark).not.toMatch(/@import|googleapis/);
    expect(postmark).toContain(
      '<!--[if mso]>\n    <style>\n.f-fallback {\n  font-family: Arial, sans-serif;\n}\n</style>\n  <![endif]-->',
    );
    expect(count(postmark, /\sclass="/g)).toBe(29);
  });

  it('removes code from <style> sheets: scripts, imports, expressions, bindings, url(), escapes', () => {
    const saved = sanitizeEmailHtml(
      '<style>@import url(https://evil.example/x.css); @import "https://evil.example/y.css";' +
        '@font-face { font-family: X; src: url(https://evil.example/f.woff) }' +
        'p { color: red; width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(https://evil.example/x.xml#x) }' +
        'td { background: url(javascript:alert(1)); background-color: #fff }' +
        'a { color: \\75rl(javascript:alert(1)); font-size: 14px }' +
        '@media screen { .m { width: 100% !important } @import url(https://evil.example/z.css); }' +
        '</style><p class="m">Hi</p>',
    );
    expect(saved).not.toMatch(/evil|expression|behavior|binding|javascript|url|script|alert|\\75|@import|@font-face/i);
    expect(saved).toBe(
      '<style>\np {\n  color: red;\n}\ntd {\n  background-color: #fff;\n}\na {\n  font-size: 14px;\n}\n' +
        '@media screen {\n  .m {\n    width: 100% !important;\n  }\n}\n</style><p class="m">Hi</p>',
    );
    // A sheet ends at its first </style>, as a browser ends it; what follows is markup, cleaned.
    expect(
      sanitizeEmailHtml('<style>p { color: red } @media screen { </style><script>alert(1)</script> }</style><p>x</p>'),
    ).toBe('<style>\np {\n  color: red;\n}\n</style> }<p>x</p>');
    // Broken CSS is read as a browser reads it; a quote left open drops its declaration.
    expect(sanitizeEmailHtml('<style>p { color: red</style><p>x</p>')).toBe(
      '<style>\np {\n  color: red;\n}\n</style><p>x</p>',
    );
    expect(sanitizeEmailHtml('<style>p { color: "red }</style><p>x</p>')).toBe('<p>x</p>');
  });

  it('removes code from conditional comments as from the rest, and their markup cannot leave the comment', () => {
    const saved = sanitizeEmailHtml(
      '<!--[if mso]><table onclick="x()"><tr><td><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">a</a><iframe src="https://evil.example"></iframe><form action="https://evil.example">' +
        '<style>td { behavior: url(x.htc); color: red }</style>--><script>alert(4)</script><![endif]-->' +
        '<!--[if !mso]><!--><p onmouseover="alert(5)">web</p><!--<![endif]-->' +
        '<!--[if mso]><p><![if !vml]><script>alert(6)</script><![endif]-->' +
        '<!--[if <img src=x onerror=alert(7)>]><p>x</p><![endif]-->',
    );
    expect(saved).not.toMatch(/alert|onclick|onerror|onmouseover|evil|behavior|<script|<iframe|<form/i);
    expect(saved).toBe(
      '<!--[if mso]><table><tr><td><a>a</a><style>\ntd {\n  color: red;\n}\n</style>--&gt;<![endif]-->' +
        '<!--[if !mso]><!--><p>web</p><!--<![endif]-->' +
        '<!--[if mso]><p><![endif]-->',
    );
    expect(sanitizeEmailHtml(saved)).toBe(saved);
  });

  it('restores a conditional comment only where it stood as markup, never inside an attribute', () => {
    const saved = sanitizeEmailHtml(
      '<a title="x<!--[if mso]>"><![endif]-->">y</a>' +
        `<b title="<!--[if mso]><td class='onmouseover=alert(1) x'><![endif]-->">z</b>` +
        // A forged marker: each call names its markers with a random nonce.
        '<lp-mso-0000000000000000 n="0"></lp-mso-0000000000000000>',
    );
    expect(saved).not.toMatch(/<!--|onmouseover|<lp-mso|<td/);
    expect(saved).toMatch(/^<a title="x&lt;lp-mso-[0-9a-f]{16} n=">"&gt;y<\/a><b>"&gt;z<\/b>$/);
  });
});
