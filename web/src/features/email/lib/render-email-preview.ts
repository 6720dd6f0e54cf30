/**
 * The editors' live preview: the HTML cleaned with DOMPurify under the e-mail policy the mailer
 * applies (`@lp/contracts/email-html`: the same tags, attributes, inline-style properties, link
 * and image rules), merge tags filled with sample values, the footer every broadcast gets. Shown
 * in a sandboxed frame (no scripts, no same origin), so what staff see is what recipients get.
 */
import DOMPurify from 'dompurify';
import {
  EMAIL_HTML_ATTRIBUTES,
  EMAIL_HTML_TAGS,
  cleanEmailStyle,
  fillMergeTags,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
  type EmailHtmlTag,
} from '@lp/contracts/email-html';
import { site } from '@lp/contracts/site';

let purifier: ReturnType<typeof DOMPurify> | undefined;

function emailPurifier() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase() as EmailHtmlTag;
    const name = data.attrName;
    const value = data.attrValue;
    if (name === 'style') {
      data.attrValue = cleanEmailStyle(value);
      data.keepAttr = data.attrValue !== '';
      return;
    }
    let keep = (EMAIL_HTML_ATTRIBUTES[tag] ?? []).includes(name);
    if (keep && name === 'href') keep = isAllowedEmailHref(value);
    if (keep && name === 'src') keep = isAllowedEmailImageSrc(value);
    data.keepAttr = keep;
    // DOMPurify's own URI check would drop `{{unsubscribeUrl}}`; the policy already checked it.
    if (keep && name === 'href') data.forceKeepAttr = true;
  });
  purifier = p;
  return p;
}

/** The policy's clean HTML (merge tags left as written). */
export function sanitizeEmailPreview(html: string): string {
  const clean = emailPurifier().sanitize(html, {
    ALLOWED_TAGS: [...EMAIL_HTML_TAGS],
    ALLOWED_ATTR: [...new Set([...Object.values(EMAIL_HTML_ATTRIBUTES).flat(), 'style'])],
    FORBID_TAGS: ['style', 'script'],
    KEEP_CONTENT: true,
  });
  const root = document.createElement('div');
  root.innerHTML = clean;
  for (const img of root.querySelectorAll('img')) if (!img.getAttribute('src')) img.remove();
  return root.innerHTML;
}

/** A full document for the preview frame, as a recipient named in `sample` would see it. */
export function renderEmailPreview(
  html: string,
  sample = { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' },
) {
  const body = fillMergeTags(sanitizeEmailPreview(html), { ...sample, unsubscribeUrl: '#unsubscribe' }, { html: true });
  return (
    `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head>` +
    `<body style="font-family:Arial,sans-serif;margin:16px;color:#1f2937">${body}` +
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#666">${site.postalAddress}<br>` +
    `You receive this email because you are a contact of ${site.brand}. <a href="#unsubscribe">Unsubscribe</a></p>` +
    `</body></html>`
  );
}
