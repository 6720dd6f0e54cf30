/**
 * The editors' live preview: the HTML cleaned with DOMPurify under the e-mail policy the mailer
 * applies (`@lp/contracts/email-html`: the same tags, attributes, CSS properties, link and image
 * rules; the template's `<style>` sheets rebuilt by the same `cleanEmailStyleSheet`), merge tags
 * filled with sample values, the footer every broadcast gets. Shown in a sandboxed frame (no
 * scripts, no same origin), so what staff see is what recipients get. Outlook's conditional
 * comments are comments to a browser, as to every client but Outlook: the preview drops them.
 */
import DOMPurify from 'dompurify';
import {
  EMAIL_HTML_TAGS,
  bodyAsDiv,
  EMAIL_IMAGE_ATTRIBUTES,
  cleanEmailStyle,
  emailAttributesOf,
  fillMergeTags,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
} from '@lp/contracts/email-html';
import { EMAIL_CONTENT_CLASS, cleanEmailStyleSheet, scopeStyleElements } from '@lp/contracts/email-css';
import { site } from '@lp/contracts/site';

let purifier: ReturnType<typeof DOMPurify> | undefined;

function emailPurifier() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  // A `<style>` sheet keeps only what the policy keeps (and so never holds a `<`).
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style') return;
    const css = cleanEmailStyleSheet(node.textContent ?? '');
    // Written as the mailer writes it, so the saved HTML and the preview's read the same.
    node.textContent = css ? `\n${css}\n` : '';
  });
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName;
    const value = data.attrValue;
    if (name === 'style') {
      data.attrValue = cleanEmailStyle(value);
      data.keepAttr = data.attrValue !== '';
      return;
    }
    let keep = emailAttributesOf(tag).includes(name);
    if (keep && name === 'href') keep = isAllowedEmailHref(value);
    if (keep && EMAIL_IMAGE_ATTRIBUTES.includes(name)) keep = isAllowedEmailImageSrc(value);
    data.keepAttr = keep;
    // DOMPurify's own URI check would drop `{{unsubscribeUrl}}`; the policy already checked it.
    if (keep && name === 'href') data.forceKeepAttr = true;
  });
  purifier = p;
  return p;
}

/** The policy's clean HTML (merge tags left as written). */
export function sanitizeEmailPreview(html: string): string {
  const clean = emailPurifier().sanitize(bodyAsDiv(html), {
    ALLOWED_TAGS: [...EMAIL_HTML_TAGS, 'style'],
    ALLOWED_ATTR: [...new Set([...EMAIL_HTML_TAGS.flatMap((t) => emailAttributesOf(t)), 'style'])],
    FORBID_TAGS: ['script'],
    KEEP_CONTENT: true,
    // A template's `<style>` comes first (from its head): parsed as body content, it is kept.
    FORCE_BODY: true,
  });
  const root = document.createElement('div');
  root.innerHTML = clean;
  for (const img of root.querySelectorAll('img')) if (!img.getAttribute('src')) img.remove();
  for (const style of root.querySelectorAll('style')) if (!style.textContent) style.remove();
  return root.innerHTML;
}

/** A full document for the preview frame, as a recipient named in `sample` would see it. */
export function renderEmailPreview(
  html: string,
  sample = { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' },
) {
  const clean = fillMergeTags(
    sanitizeEmailPreview(html),
    { ...sample, unsubscribeUrl: '#unsubscribe' },
    { html: true },
  );
  // Wrapped and scoped as sent (the mailer's inline-email-css.ts): no rule of the template reaches the footer.
  const scoped = scopeStyleElements(clean);
  const body = `<div class="${EMAIL_CONTENT_CLASS}">${scoped}</div>`;
  return (
    `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head>` +
    `<body style="font-family:Arial,sans-serif;margin:16px;color:#1f2937">${body}` +
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#666">${site.postalAddress}<br>` +
    `You receive this email because you are a contact of ${site.brand}. <a href="#unsubscribe">Unsubscribe</a></p>` +
    `</body></html>`
  );
}
