import { describe, expect, it } from 'vitest';
import { renderEmailPreview, sanitizeEmailPreview } from './render-email-preview';
import template from '../../../../../services/mailer/src/templates/fixtures/leemunroe-email.html?raw';
// What the mailer saves for that template (asserted by sanitize-email-html.test.ts).
import saved from '../../../../../services/mailer/src/templates/fixtures/saved/leemunroe-email.html?raw';

/** A fragment as a browser reads it: elements, sorted attributes, text; comments left out. */
function tree(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).sort();
    return `<${el.localName} ${attrs.join(' ')}>${[...el.childNodes].map(walk).join('')}</${el.localName}>`;
  };
  return [...root.childNodes].map(walk).join('').replace(/\s+/g, ' ');
}

describe('the editor preview applies the mailer policy', () => {
  it('drops what the server drops and keeps what it keeps', () => {
    const out = sanitizeEmailPreview(
      '<p onclick="x()" style="color: red; position: absolute">A</p><a href="javascript:alert(1)">x</a>' +
        '<a href="{{unsubscribeUrl}}">u</a><img src="http://t.test/p.gif"><script>alert(1)</script><iframe src="https://x"></iframe>',
    );
    expect(out).toBe('<p style="color: red">A</p><a>x</a><a href="{{unsubscribeUrl}}">u</a>');
  });

  it('fills merge tags with sample values and adds the footer recipients get', () => {
    const doc = renderEmailPreview('<p>Hi {{firstName}}</p>');
    expect(doc).toContain('<p>Hi Jane</p>');
    expect(doc).toContain('40 S Lake Powell Blvd');
    expect(doc).toContain('Unsubscribe');
  });

  it("previews {{constructor}} and {{toString}} as written: they are not the product's fields", () => {
    const doc = renderEmailPreview('<p>Hi {{constructor}} {{ toString }} {{firstName}}</p>');
    expect(doc).toContain('<p>Hi {{constructor}} {{ toString }} Jane</p>');
  });

  it('shows a stock template as the mailer saves it: its <style> sheet (cleaned), classes, table attributes', () => {
    const preview = sanitizeEmailPreview(template);
    expect(tree(preview)).toBe(tree(saved));
    expect(preview).toContain('.btn-primary a {\n  background-color: #0867ec;');
    expect(preview.match(/\sclass="/g)).toHaveLength(11);
    expect(renderEmailPreview(template)).toContain(
      '<table role="presentation" border="0" cellpadding="0" cellspacing="0" class="main">',
    );
  });

  it("shows the body's page colour, style and class as the mailer keeps them, on the content's div", () => {
    expect(
      sanitizeEmailPreview('<body class="body" bgcolor="#eeeeee" style="margin: 0" onload="x()"><p>Hi</p></body>'),
    ).toBe('<div style="background-color: #eeeeee; margin: 0" class="body"><p>Hi</p></div>');
  });

  it('drops code from <style> sheets and conditional comments as the mailer does', () => {
    const out = sanitizeEmailPreview(
      '<style>@import url(https://evil.example/a.css); p { color: red; behavior: url(x.htc); -moz-binding: url(x) }' +
        'td { background: url(javascript:alert(1)); width: expression(alert(1)) }</style>' +
        '<!--[if mso]><script>alert(1)</script><![endif]--><!--[if !mso]><!--><p onclick="x()" class="m">web</p><!--<![endif]-->' +
        '<style>p { color: blue } </style><script>alert(2)</script></style>',
    );
    expect(out).toBe(
      '<style>\np {\n  color: red;\n}\n</style><p class="m">web</p><style>\np {\n  color: blue;\n}\n</style>',
    );
  });

  it("keeps the template's rules off the footer, as sent: its sheet scoped to the content's wrapper", () => {
    const doc = new DOMParser().parseFromString(
      renderEmailPreview('<style>p, a { display: none !important }</style><p>Lots this week</p>'),
      'text/html',
    );
    expect(doc.querySelector('style')?.textContent).toContain('.lp-content p,\n.lp-content a {');
    const footer = [...doc.querySelectorAll('p')].at(-1)!;
    expect(footer.textContent).toContain('Unsubscribe');
    expect(footer.closest('.lp-content')).toBeNull();
    expect(getComputedStyle(footer).display).not.toBe('none');
    expect(doc.querySelector('.lp-content p')?.textContent).toBe('Lots this week');
  });
});
