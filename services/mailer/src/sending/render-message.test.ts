import { readFileSync } from 'node:fs';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { describe, expect, it } from 'vitest';
import { readClickToken, readToken } from '@lp/runtime/mail/tracking-tokens';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';
import { compileMessage, renderMessage, trackedLinksOf, type RenderCampaign } from './render-message.ts';

const SECRET = 'secret-0123456789abcdef';
const ctx = { secret: SECRET, publicUrl: 'https://mail.example.test/' };
const campaign: RenderCampaign = {
  id: 7,
  name: 'Spring lots',
  subject: 'Hi {{firstName}} & friends',
  fromName: 'Lake Powell Lots',
  fromEmail: 'hello@example.test',
  content:
    '<p>Hello {{ firstName }} {{lastName}}</p><p><a href="https://lots.example.test/a?x=1&amp;y=2">Lots</a> ' +
    '<a href="https://lots.example.test/b">B</a> <a href="https://lots.example.test/b">B again</a> ' +
    '<a href="{{unsubscribeUrl}}">Leave</a> <a href="https://untracked.example.test/">U</a></p>',
  previewText: 'For {{firstName}}',
  links: new Map([
    ['https://lots.example.test/a?x=1&y=2', 0],
    ['https://lots.example.test/b', 1],
  ]),
  messageIdToken: 'ab'.repeat(16),
};
const ann = { deliveryId: 41, email: 'ann@example.test', firstName: 'Ann <b>', lastName: "O'Neil" };

describe('compileMessage', () => {
  const msg = compileMessage(campaign, ctx)(ann);

  it('fills merge tags per recipient, HTML-escaped in the body and raw in the subject and text', () => {
    expect(msg.subject).toBe('Hi Ann <b> & friends');
    expect(msg.html).toContain('<p>Hello Ann &lt;b&gt; O&#39;Neil</p>');
    expect(msg.html).toContain('For Ann &lt;b&gt;</div>');
    expect(msg.text).toMatch(/^Hello Ann <b> O'Neil\n/);
    expect(msg.text).toContain('Lots (https://lots.example.test/a?x=1&y=2)');
  });

  it('points each numbered link at its signed click redirect, which names its target, and leaves the others alone', () => {
    const clicks = [...msg.html.matchAll(/href="https:\/\/mail\.example\.test\/e\/c\/([^"?]+)\?u=([^"]+)"/g)].map(
      (m) => {
        const target = decodeURIComponent(m[2]!);
        return { target, ids: readClickToken(SECRET, m[1]!, target) };
      },
    );
    expect(clicks).toEqual([
      { target: 'https://lots.example.test/a?x=1&y=2', ids: { deliveryId: 41, linkIdx: 0 } },
      { target: 'https://lots.example.test/b', ids: { deliveryId: 41, linkIdx: 1 } },
      { target: 'https://lots.example.test/b', ids: { deliveryId: 41, linkIdx: 1 } },
    ]);
    expect(msg.html).toContain('<a href="https://untracked.example.test/">U</a>');
    const unsubscribe = msg.headers['List-Unsubscribe']!.slice(1, -1);
    expect(msg.html).toContain(`<a href="${unsubscribe}">Leave</a>`);
    expect(readToken(SECRET, 'unsubscribe', unsubscribe.split('/').at(-1)!)).toEqual({ deliveryId: 41 });
    expect(msg.html).toMatch(/src="https:\/\/mail\.example\.test\/e\/o\/41\.[^"]+\.gif"/);
    expect(msg.messageId).toBe(`<${'ab'.repeat(16)}.d41.c7@example.test>`);
    // The list the unsubscribe headers belong to (RFC 2919), on the sender's domain.
    expect(msg.headers['List-Id']).toBe('Lake Powell Lots <broadcasts.example.test>');
  });

  it("signs a link to the seller's own site with the campaign's attribution", () => {
    const own = compileMessage(
      {
        ...campaign,
        content: '<a href="https://mail.example.test/lots/12">Lot 12</a>',
        links: new Map([['https://mail.example.test/lots/12', 0]]),
      },
      ctx,
    )(ann);
    const [, token, u] = /\/e\/c\/([^"?]+)\?u=([^"]+)"/.exec(own.html)!;
    const target = decodeURIComponent(u!);
    expect(target).toBe(
      'https://mail.example.test/lots/12?utm_source=email&utm_medium=email&utm_campaign=Spring+lots&utm_id=7',
    );
    expect(readClickToken(SECRET, token!, target)).toEqual({ deliveryId: 41, linkIdx: 0 });
  });

  it('gives each recipient their own copy from one compiled campaign', () => {
    const render = compileMessage(campaign, ctx);
    const bob = render({ deliveryId: 42, email: 'bob@example.test', firstName: 'Bob', lastName: 'B' });
    expect(bob.subject).toBe('Hi Bob & friends');
    expect(bob.html).not.toContain('Ann');
    expect(bob.html).toContain('/e/o/42.');
    expect(render(ann)).toEqual(msg);
    expect(renderMessage(campaign, ann, ctx)).toEqual(msg);
  });
});

describe('what reaches a sent message', () => {
  const hostile = '</div><script>alert(1)</script><img src=x onerror=alert(1)><form action=https://evil.example>';

  it('carries the preview text as text: none of its markup reaches the HTML part', () => {
    const msg = compileMessage({ ...campaign, previewText: `Hi {{firstName}} ${hostile}` }, ctx)(ann);
    const body = msg.html.slice(msg.html.indexOf('</head>'));
    expect(body).not.toMatch(/<script|<img src=x|<form/i);
    expect(body).toContain(
      'Hi Ann &lt;b&gt; &lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;' +
        '&lt;form action=https://evil.example&gt;</div>',
    );
    // The preheader is still one hidden div, closed where the renderer closes it (the other is the content's wrapper).
    expect(body.match(/<div/g)).toEqual(['<div', '<div']);
    expect(body).toMatch(/^<\/head><div style="[^"]*">[^<]*<\/div><div class="lp-content">/);
  });

  it('sanitises the content itself, whatever the caller passed', () => {
    const msg = compileMessage({ ...campaign, content: `<p>Hello</p>${hostile}` }, ctx)(ann);
    expect(msg.html).not.toMatch(/<script|onerror|<form|evil\.example/i);
    expect(msg.html).toContain('<p>Hello</p>');
  });

  it("fills only the product's own fields: {{constructor}} stays as written", () => {
    const msg = compileMessage({ ...campaign, subject: 'Hi {{constructor}} {{toString}}' }, ctx)(ann);
    expect(msg.subject).toBe('Hi {{constructor}} {{toString}}');
    expect(msg.subject).not.toContain('native code');
  });

  it('renders a run of 8,000 spaces after a brace pair, and long blank runs in the text part, at once', () => {
    const spaces = ' '.repeat(8_000);
    const msg = compileMessage(
      { ...campaign, subject: `{{${spaces}`, previewText: `{{${spaces}x`, content: `<p>a${spaces}b{{${spaces}</p>` },
      ctx,
    )(ann);
    expect(msg.subject).toBe(`{{${spaces}`);
    // The text part shows the run as a mail client shows the HTML: one space.
    expect(msg.text.startsWith('a b{{')).toBe(true);
  }, 2_000);

  it('makes the text part of a real template read as a mail client shows it: no preheader, no indentation, links as text (url)', () => {
    // The shape of leemunroe/responsive-html-email-template (MIT): a hidden preheader span and
    // nested layout tables indented by the source.
    const content = [
      '<span class="preheader" style="color: transparent; display: none; height: 0; max-height: 0; mso-hide: all;">This is preheader text.</span>',
      '<table role="presentation" border="0" cellpadding="0" cellspacing="0" class="body">',
      '  <tr>',
      '    <td>&nbsp;</td>',
      '    <td class="container">',
      '      <div class="content">',
      '        <table role="presentation" class="main"><tr><td class="wrapper">',
      '                <p>Hi {{firstName}},</p>',
      '                <p>Sometimes you just want to send a simple HTML email.</p>',
      '                <h2>Lot 12 is open</h2>',
      '                <a href="https://lots.example.test/a?x=1&amp;y=2" target="_blank">See lot 12</a>',
      '        </td></tr></table>',
      '      </div>',
      '    </td>',
      '  </tr>',
      '</table>',
    ].join('\n');
    const msg = compileMessage({ ...campaign, content, links: new Map() }, ctx)(ann);
    expect(msg.text.startsWith('Hi Ann <b>,')).toBe(true);
    expect(msg.text).not.toContain('preheader');
    expect(msg.text).not.toMatch(/ {2}/);
    expect(msg.text).toContain('Lot 12 is open');
    expect(msg.text).toContain('See lot 12 (https://lots.example.test/a?x=1&y=2)');
  });

  it('hides the preheader everywhere, Outlook included, and names the campaign token and sender domain in the Message-ID', () => {
    const msg = compileMessage(campaign, ctx)(ann);
    const preheader = /<div style="([^"]*)">For Ann/.exec(msg.html)![1]!;
    for (const rule of ['mso-hide:all', 'max-height:0', 'font-size:0']) expect(preheader).toContain(rule);
    // Hidden by its size, not by a colour matching the background (spam filters score that).
    expect(preheader).not.toContain('transparent');
    const other = compileMessage({ ...campaign, messageIdToken: 'cd'.repeat(16) }, ctx)(ann);
    expect(other.messageId).not.toBe(msg.messageId);
    expect(msg.messageId).toMatch(/@example\.test>$/);
  });

  it('adds markup every Gmail and Outlook supports: preheader, footer, open pixel (caniemail data)', () => {
    const msg = compileMessage({ ...campaign, content: '<p>Hello {{firstName}}</p>' }, ctx)(ann);
    const check = doIUseEmail(msg.html, { emailClients: ['gmail.*', 'outlook.*'] });
    expect(check.success ? [] : check.errors).toEqual([]);
  });

  it("sends a stock template's CSS inlined, its media queries in the head, its links tracked", () => {
    const saved = sanitizeEmailHtml(
      readFileSync(new URL('../templates/fixtures/leemunroe-email.html', import.meta.url), 'utf8'),
    );
    const links = new Map(trackedLinksOf(saved).map((url, i) => [url, i]));
    const msg = compileMessage({ ...campaign, content: saved, links }, ctx)(ann);
    const [head, body] = msg.html.split('</head>') as [string, string];
    // Gmail and Outlook get each rule on its element, table attributes included.
    expect(body).toMatch(
      /<td style="[^"]*background-color: #0867ec;" valign="top" align="center" bgcolor="#0867ec"> <a href="https:\/\/mail\.example\.test\/e\/c\/[^"]+" style="[^"]*display: inline-block;[^"]*text-transform: capitalize; background-color: #0867ec; border-color: #0867ec; color: #ffffff;">Call To Action<\/a>/,
    );
    expect(body).toContain(
      'class="main" style="border-collapse: separate; mso-table-lspace: 0pt; mso-table-rspace: 0pt; background: #ffffff; border: 1px solid #eaebed; border-radius: 16px; width: 100%;" width="100%"',
    );
    expect(body).not.toContain('<style');
    // What cannot be inlined stays, in the head: the responsive rules and :hover.
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(head).toContain(
      '@media only screen and (max-width: 640px) {\n  .lp-content .main p,\n  .lp-content .main td,\n  .lp-content .main span {\n    font-size: 16px !important;',
    );
    expect(head).toContain('.lp-content .btn-primary a:hover {');
    expect(head).not.toMatch(/\.wrapper \{\n {2}box-sizing/);
    // The template's own hidden preheader stays out of the text part.
    expect(msg.text.startsWith('Hi there')).toBe(true);
  });

  it("writes only sizes into width and height attributes: a stock template's `width: auto` stays CSS", () => {
    for (const file of ['leemunroe-email.html', 'mailgun-action.html', 'postmark-basic-welcome.html']) {
      const content = sanitizeEmailHtml(
        readFileSync(new URL(`../templates/fixtures/${file}`, import.meta.url), 'utf8'),
      );
      const { html } = compileMessage({ ...campaign, content, links: new Map() }, ctx)(ann);
      const sizes = html.match(/ (?:width|height)="[^"]*"/g) ?? [];
      expect(sizes.length, file).toBeGreaterThan(0);
      expect(
        sizes.filter((a) => !/="\d+(?:\.\d+)?%?"$/.test(a)),
        file,
      ).toEqual([]);
    }
    // leemunroe's images say `width: auto` in the sheet: kept in their style, not as an attribute.
    const lee = sanitizeEmailHtml(
      readFileSync(new URL('../templates/fixtures/leemunroe-email.html', import.meta.url), 'utf8'),
    );
    expect(compileMessage({ ...campaign, content: lee, links: new Map() }, ctx)(ann).html).toMatch(
      /style="[^"]*width: auto/,
    );
  });

  it('fills merge tags and tracks links in a template whose CSS is inlined', () => {
    const content = sanitizeEmailHtml(
      '<style>a { color: #0867ec } p { margin: 0 }</style><p>Hi {{firstName}}, <a href="https://lots.example.test/b">B</a> ' +
        '<a href="{{unsubscribeUrl}}">Leave</a></p>',
    );
    const msg = compileMessage({ ...campaign, content }, ctx)(ann);
    expect(msg.html).toContain('<p style="margin: 0;">Hi Ann &lt;b&gt;, <a href="https://mail.example.test/e/c/');
    expect(msg.html).toMatch(
      /<a href="https:\/\/mail\.example\.test\/unsubscribe\/[^"]+" style="color: #0867ec;">Leave<\/a>/,
    );
    expect(msg.text).toContain(
      'Hi Ann <b>, B (https://lots.example.test/b) Leave (https://mail.example.test/unsubscribe/',
    );
  });

  it("keeps a template's conditional comments for Outlook in the message", () => {
    const content = sanitizeEmailHtml(
      '<style>p { color: #333 }</style><!--[if mso]><table width="600"><tr><td><![endif]--><p>Hi</p><!--[if mso]></td></tr></table><![endif]-->',
    );
    const msg = compileMessage({ ...campaign, content, links: new Map() }, ctx)(ann);
    expect(msg.html).toContain(
      '<!--[if mso]><table width="600"><tr><td><![endif]--><p style="color: #333;">Hi</p><!--[if mso]></td></tr></table><![endif]-->',
    );
  });

  it("keeps a template's rules off what the product adds: the footer's postal address and unsubscribe link stay shown", () => {
    const content = sanitizeEmailHtml(
      '<style>@media all { p, a, hr { display: none !important; font-size: 0 !important } } ' +
        'body p { color: #ffffff } html > body { background: #ffffff }</style><p>Lots this week</p>',
    );
    const msg = compileMessage({ ...campaign, content, links: new Map() }, ctx)(ann);
    const [head, body] = msg.html.split('</head>') as [string, string];
    // Every rule left in the head reaches only the template's own elements, inside its wrapper.
    const sheet = head.slice(head.indexOf('<style>') + '<style>'.length, head.indexOf('</style>'));
    const selectors = sheet
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /[{,]$/.test(line) && !line.startsWith('@'))
      .map((line) => line.slice(0, -1).trim());
    expect(selectors).toEqual(['.lp-content p', '.lp-content a', '.lp-content hr']);
    // The inlined rules were applied inside the wrapper only: the footer after it keeps its own styles.
    expect(body).toMatch(
      /<div class="lp-content" style="background: #ffffff;"><p style="color: #ffffff;">Lots this week<\/p><\/div><hr style="border:none;/,
    );
    expect(body).toContain('<p style="font-size:12px;color:#666;line-height:1.5">');
  });

  it('drops negative margins, which could pull the content over the footer', () => {
    expect(sanitizeEmailHtml('<p style="margin-bottom: -400px; color: #333">x</p>')).toBe(
      '<p style="color: #333">x</p>',
    );
  });
});
