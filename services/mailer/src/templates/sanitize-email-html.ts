/**
 * Applies the one HTML policy of e-mail (`@lp/contracts` email-html: the tags, attributes,
 * inline-style properties, link and image rules the editor's preview applies as well). Scripts,
 * styles, frames, forms, event handlers and every other scheme are removed with their content.
 * Idempotent: applied when a template or a send is stored and so again on its own output.
 */
import sanitizeHtml from 'sanitize-html';
import {
  EMAIL_HTML_ATTRIBUTES,
  EMAIL_HTML_TAGS,
  cleanEmailStyle,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
} from '@lp/contracts';
import { strictHtmlBase } from '@lp/runtime/html/sanitize-base';

/** Per element: its own attributes by the policy, `style` filtered, href/src checked. */
const transform: sanitizeHtml.Transformer = (tag, attribs) => {
  const allowed = EMAIL_HTML_ATTRIBUTES[tag as keyof typeof EMAIL_HTML_ATTRIBUTES] ?? [];
  const out: sanitizeHtml.Attributes = {};
  for (const k of allowed) {
    const value = attribs[k];
    if (value === undefined) continue;
    if (k === 'href' && !isAllowedEmailHref(value)) continue;
    if (k === 'src' && !isAllowedEmailImageSrc(value)) continue;
    out[k] = value;
  }
  if (attribs.style) {
    const style = cleanEmailStyle(attribs.style);
    if (style) out.style = style;
  }
  return { tagName: tag, attribs: out };
};

const OPTIONS: sanitizeHtml.IOptions = {
  ...strictHtmlBase(),
  allowedTags: [...EMAIL_HTML_TAGS],
  transformTags: Object.fromEntries(EMAIL_HTML_TAGS.map((t) => [t, transform])),
  allowedAttributes: Object.fromEntries(
    EMAIL_HTML_TAGS.map((t) => [t, [...(EMAIL_HTML_ATTRIBUTES[t] ?? []), 'style']]),
  ),
  // Schemes are checked by the policy's own functions above; `{{unsubscribeUrl}}` has none.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['src'],
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
