/**
 * One recipient's message, the one rendering path of every mail the mailer sends (a broadcast
 * and a test send alike): the content sanitised by the e-mail HTML policy, its `<style>` sheets
 * inlined once per campaign (the rest, media queries, in the head), merge tags filled
 * (HTML-escaped in the body), every tracked link pointed at its signed click redirect (which names
 * its target, campaign attribution included, so the gateway redirects without asking the mailer),
 * a hidden preheader with the preview text (plain text, escaped: it never carries markup), a footer with
 * the visible unsubscribe link and the seller's postal address, the signed open pixel, a
 * plain-text part, the RFC 2919 list id and the RFC 8058 one-click unsubscribe headers. Subject and sender name are
 * header text, encoded by the transport.
 */
import { randomBytes } from 'node:crypto';
import { compile as compileHtmlToText } from 'html-to-text';
import {
  MERGE_TAGS,
  MERGE_TAG_PATTERN,
  escapeHtml,
  isMergeTag,
  mergeTagName,
  site,
  type MergeTag,
  type MergeValues,
} from '@lp/contracts';
import { makeClickToken, makeToken } from '@lp/runtime/mail/tracking-tokens';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';
import { inlineEmailCss } from './inline-email-css.ts';
import { attributeClickUrl, ownSiteHosts } from '../tracking/attribute-click-url.ts';

export type RenderCampaign = {
  id: number;
  /** The campaign's name, carried by clicks to the seller's own site (utm_campaign). */
  name: string;
  subject: string;
  fromName: string;
  fromEmail: string;
  content: string;
  previewText: string;
  /** url → link index, as stored in `campaign_links`. */
  links: ReadonlyMap<string, number>;
  /**
   * Random per campaign and stored with it: with the delivery and campaign numbers it keeps every
   * Message-ID unique across installs and after a database restore (numbers alone repeat).
   */
  messageIdToken: string;
};
export type RenderRecipient = { deliveryId: number; email: string; firstName: string; lastName: string };
export type RenderContext = { secret: string; publicUrl: string };

export type RenderedMessage = {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
};

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Links a campaign tracks: its absolute http(s) hrefs, in order of first appearance. */
export function trackedLinksOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const url = decodeEntities(m[1]!);
    if (/^https?:\/\//i.test(url)) urls.add(url);
  }
  return [...urls];
}

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
  selector,
  options: { uppercase: false },
}));
const hidden = [
  '[hidden]',
  '[style*="display:none"]',
  '[style*="display: none"]',
  '[style*="mso-hide:all"]',
  '[style*="mso-hide: all"]',
];

/**
 * The plain-text part, as a mail client would show the HTML: whitespace collapsed as a browser
 * does, blocks on their own lines, links as `text (url)`, images and hidden text (a template's
 * own preheader) left out, headings as written.
 */
const convertToText = compileHtmlToText({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...headings,
    ...hidden.map((selector) => ({ selector, format: 'skip' })),
  ],
});
export const htmlToText = (html: string): string =>
  convertToText(html)
    // Layout cells holding only a non-breaking space (spacer cells) leave blank-looking lines.
    .replace(/^[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The hidden preheader: inbox previews read it, no client shows it. `display:none` alone shows in
 * Outlook (which needs `mso-hide:all`), reads as hidden text to spam filters, and Gmail's mobile
 * web mail ignores it; zero size and zero font hide it in every Gmail and Outlook with properties
 * each of them supports (caniemail's data, checked by `@jsx-email/doiuse-email` in
 * render-message.test.ts). No `color:transparent`: text coloured like its background is what
 * spam filters score as hidden text (SpamAssassin's HTML_FONT_LOW_CONTRAST), and the e-mail
 * policy removes it from templates for that reason.
 */
const PREHEADER_STYLE = 'mso-hide:all;font-size:0;line-height:0;max-height:0;max-width:0;height:0;width:0';

/** The sender's domain (Message-IDs name the domain that sends), else the site's host. */
function messageIdDomain(fromEmail: string, fallback: string): string {
  const domain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : fallback;
}

/** One recipient's message from a campaign compiled by `compileMessage`. */
export type MessageRenderer = (r: RenderRecipient) => RenderedMessage;

type Slot = { tag: MergeTag } | { click: number };
type Part = string | Slot;

/** Splits `text` at the matches of `pattern` that `slotOf` turns into a slot: literal strings and slots. */
function split(text: string, pattern: RegExp, slotOf: (m: RegExpExecArray) => Slot | null): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const slot = slotOf(m);
    if (!slot) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(slot);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * Compiles a campaign's message once (links resolved to their numbers, the plain-text part
 * derived, the footer and headers laid out); each recipient's copy then costs its merge-tag
 * substitutions and its signed tokens. A tracked link is an href without merge tags that the
 * campaign numbered when it was stored; an href with a merge tag is filled, not tracked.
 */
export function compileMessage(c: RenderCampaign, ctx: RenderContext): MessageRenderer {
  const base = ctx.publicUrl.replace(/\/$/, '');
  const idDomain = messageIdDomain(c.fromEmail, new URL(base).hostname);
  // RFC 2919: the seller's mail as one list, named beside its unsubscribe headers (a List-Unsubscribe
  // without a List-Id is what SpamAssassin's LIST_PARTIAL rules score) and filterable by recipients.
  // The brand as a phrase of atoms (a quoted one would be sent encoded): RFC 5322 specials are spaces.
  const listName = site.brand
    .replace(/[()<>[\]:;@\\,."]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const listId = `${listName ? `${listName} ` : ''}<broadcasts.${idDomain}>`;
  // Each tracked link's target, attributed once: the click token signs it, the redirect uses it.
  const ownHosts = ownSiteHosts(ctx.publicUrl);
  const targets = new Map(
    [...c.links].map(([url, idx]) => [
      idx,
      attributeClickUrl(url, { campaignId: c.id, campaignName: c.name }, ownHosts),
    ]),
  );
  const clickUrl = (deliveryId: number, idx: number) => {
    const target = targets.get(idx)!;
    return `${base}/e/c/${makeClickToken(ctx.secret, deliveryId, idx, target)}?u=${encodeURIComponent(target)}`;
  };
  const nonce = randomBytes(6).toString('hex');
  const marker = (idx: number) => `\u0000${nonce}:${idx}\u0000`;
  // The template's CSS inlined once for the campaign; what cannot be inlined goes in the head.
  const { head: sheet, body: content } = inlineEmailCss(sanitizeEmailHtml(c.content));
  const head = `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${sheet}</head>`;
  const marked = content.replace(
    /(<a\b[^>]*?\shref=")([^"]*)(")/gi,
    (whole, pre: string, href: string, post: string) => {
      if (/\{\{[^{}]*\}\}/.test(href)) return whole;
      const idx = c.links.get(decodeEntities(href));
      return idx === undefined ? whole : `${pre}${marker(idx)}${post}`;
    },
  );
  // Known merge tags and the markers left for tracked links become slots.
  const slots = new RegExp(`${MERGE_TAG_PATTERN.source}|\\u0000${nonce}:(\\d+)\\u0000`, 'g');
  const slotOf = (m: RegExpExecArray): Slot | null => {
    if (m[2] !== undefined) return { click: Number(m[2]) };
    const name = mergeTagName(m[1]!);
    return isMergeTag(name) ? { tag: name } : null;
  };
  const body = split(marked, slots, slotOf);
  // Preview text is text: its literal parts are escaped once here, its tags per recipient.
  const preview = split(c.previewText, MERGE_TAG_PATTERN, slotOf).map((p) =>
    typeof p === 'string' ? escapeHtml(p) : p,
  );
  const subject = split(c.subject, MERGE_TAG_PATTERN, slotOf);
  // The text part keeps every link's own address (never a tracking one): derived once from the
  // content with each merge tag standing as a marker, filled with the raw values per recipient.
  const tagNames = Object.keys(MERGE_TAGS).filter(isMergeTag);
  const withTagMarkers = content.replace(MERGE_TAG_PATTERN, (whole, inner: string) => {
    const name = mergeTagName(inner);
    return isMergeTag(name) ? `\u0000${nonce}:t${tagNames.indexOf(name)}\u0000` : whole;
  });
  const textParts = split(htmlToText(withTagMarkers), new RegExp(`\\u0000${nonce}:t(\\d+)\\u0000`, 'g'), (m) => ({
    tag: tagNames[Number(m[1])]!,
  }));
  const footerHead =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#666;line-height:1.5">${escapeHtml(site.postalAddress)}<br>` +
    `You receive this email because you are a contact of ${escapeHtml(site.brand)}. `;
  const textFooter = `\n\n--\n${site.postalAddress}\nUnsubscribe: `;

  return (r) => {
    const unsubscribeUrl = `${base}/unsubscribe/${makeToken(ctx.secret, 'unsubscribe', r.deliveryId)}`;
    const values: MergeValues = { firstName: r.firstName, lastName: r.lastName, email: r.email, unsubscribeUrl };
    const escaped: Partial<MergeValues> = {};
    const html = (s: Slot) =>
      'tag' in s ? (escaped[s.tag] ??= escapeHtml(values[s.tag])) : escapeAttr(clickUrl(r.deliveryId, s.click));
    const fill = (parts: Part[], slot: (s: Slot) => string) => {
      let out = '';
      for (const p of parts) out += typeof p === 'string' ? p : slot(p);
      return out;
    };
    const previewHtml = fill(preview, html);
    const preheader = previewHtml ? `<div style="${PREHEADER_STYLE}">${previewHtml}</div>` : '';
    const footer = `${footerHead}<a href="${escapeAttr(unsubscribeUrl)}">Unsubscribe</a></p>`;
    const pixel = `<img src="${escapeAttr(`${base}/e/o/${makeToken(ctx.secret, 'open', r.deliveryId)}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">`;
    const raw = (s: Slot) => ('tag' in s ? values[s.tag] : '');
    return {
      from: { name: c.fromName, address: c.fromEmail },
      to: r.email,
      subject: fill(subject, raw),
      // No <body> tag (optional in HTML): Outlook's mobile and Mac apps do not support the element.
      html: `<!doctype html><html>${head}${preheader}${fill(body, html)}${footer}${pixel}</html>`,
      text: `${fill(textParts, raw)}${textFooter}${unsubscribeUrl}\n`,
      messageId: `<${c.messageIdToken}.d${r.deliveryId}.c${c.id}@${idDomain}>`,
      headers: {
        'List-Id': listId,
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        // SendGrid relays these back in its event webhook, so bounces name their delivery.
        'X-SMTPAPI': JSON.stringify({ unique_args: { delivery_id: String(r.deliveryId) } }),
      },
    };
  };
}

/** One message rendered on its own (a test send); a broadcast compiles its campaign once. */
export function renderMessage(c: RenderCampaign, r: RenderRecipient, ctx: RenderContext): RenderedMessage {
  return compileMessage(c, ctx)(r);
}
