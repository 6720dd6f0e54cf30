/**
 * A template's `<style>` sheets inlined at send time with `juice`, once per campaign: Gmail's
 * apps for non-Google accounts and several Outlooks drop or ignore `<style>`, so each element gets
 * its rules as a `style` attribute (and the table attributes Outlook's Word engine reads:
 * `width`, `height`, `bgcolor`, `align`, `valign`). What cannot be inlined (`@media` queries,
 * `:hover`) stays in a `<style>` sheet for the message's `<head>`, where the clients that read
 * it expect it. The content is the policy's clean HTML (`sanitizeEmailHtml`): its sheets hold only
 * allowed rules, so nothing juice writes inline is outside the policy; juice fetches nothing.
 */
import juice from 'juice';
import { EMAIL_CONTENT_CLASS, scopeStyleElements } from '@lp/contracts/email-css';

export type InlinedEmail = {
  /** The `<style>` elements left for the message's head ('' when the content had none). */
  head: string;
  /** The content with its rules inlined and its `<style>` elements removed. */
  body: string;
};

const JUICE_OPTIONS: juice.Options = {
  applyStyleTags: true,
  removeStyleTags: true,
  preserveMediaQueries: true,
  preservePseudos: true,
  preserveImportant: true,
  preserveFontFaces: false,
  preserveKeyFrames: false,
  applyWidthAttributes: true,
  applyHeightAttributes: true,
  applyAttributesTableElements: true,
  insertPreservedExtraCss: false,
  resolveCSSVariables: false,
};

/**
 * Moves every `<style>…</style>` of `html` (the policy's output: no `<` inside a sheet) to `head`;
 * those inside Outlook's conditional comments stay where they are, for Outlook alone.
 */
function takeStyleElements(html: string): InlinedEmail {
  let head = '';
  let body = '';
  let from = 0;
  let at = 0;
  for (;;) {
    const open = html.indexOf('<style>', at);
    if (open < 0) break;
    const comment = html.indexOf('<!--', at);
    if (comment >= 0 && comment < open) {
      const end = html.indexOf('-->', comment + 4);
      if (end < 0) break;
      at = end + 3;
      continue;
    }
    const close = html.indexOf('</style>', open);
    if (close < 0) break;
    body += html.slice(from, open);
    head += html.slice(open, close + '</style>'.length);
    from = at = close + '</style>'.length;
  }
  return { head, body: body + html.slice(from) };
}

/**
 * The content's CSS inlined; its non-inlinable rules apart for the head. The content is wrapped
 * in the `lp-content` element and every sheet left (the head's, Outlook's own inside conditional
 * comments) is scoped to it: a template's rule can style the template, never the footer or the
 * preheader the product adds around it (`@media all { p { display: none } }` would hide the
 * unsubscribe link).
 */
export function inlineEmailCss(html: string): InlinedEmail {
  const wrapped = `<div class="${EMAIL_CONTENT_CLASS}">${html}</div>`;
  if (!html.includes('<style>')) return { head: '', body: wrapped };
  // Scoped before inlining, so a template's `body` rules style the wrapper that stands for its body.
  return takeStyleElements(withoutSizeWords(juice(scopeStyleElements(wrapped), JUICE_OPTIONS)));
}

/** A table element's or image's start tag (the policy's output: attribute values in double quotes). */
const SIZED_TAG = /<(?:img|table|td|th)\b[^>]*>/g;
/** A `width` or `height` attribute that is not a number of pixels or a percentage. */
const SIZE_WORD = / (?:width|height)="(?!\d+(?:\.\d+)?%?")[^"]*"/g;

/**
 * juice copies a CSS size into the attribute as written, `width: auto` as `width="auto"`, which
 * is not a size: Outlook's Word engine reads it as nothing or zero. Such attributes are dropped;
 * the style attribute keeps the rule for the clients that read CSS.
 */
const withoutSizeWords = (html: string): string => html.replace(SIZED_TAG, (tag) => tag.replace(SIZE_WORD, ''));
