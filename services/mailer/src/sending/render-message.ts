/**
 * One recipient's message: merge tags filled (HTML-escaped in the body), every tracked link
 * pointed at its signed click redirect, a hidden preheader with the preview text, a footer with
 * the visible unsubscribe link and the seller's postal address, the signed open pixel, a
 * plain-text part, and the RFC 8058 one-click unsubscribe headers.
 */
import { fillMergeTags, site, type MergeValues } from '@lp/contracts';
import { makeToken } from '../tracking/tracking-tokens.ts';

export type RenderCampaign = {
  id: number;
  subject: string;
  fromName: string;
  fromEmail: string;
  content: string;
  previewText: string;
  /** url → link index, as stored in `campaign_links`. */
  links: ReadonlyMap<string, number>;
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

export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<a\b[^>]*?\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' '),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function renderMessage(c: RenderCampaign, r: RenderRecipient, ctx: RenderContext): RenderedMessage {
  const base = ctx.publicUrl.replace(/\/$/, '');
  const unsubscribeUrl = `${base}/unsubscribe/${makeToken(ctx.secret, 'unsubscribe', r.deliveryId)}`;
  const values: MergeValues = { firstName: r.firstName, lastName: r.lastName, email: r.email, unsubscribeUrl };
  const body = fillMergeTags(c.content, values, { html: true }).replace(
    /(<a\b[^>]*?\shref=")([^"]*)(")/gi,
    (whole, pre: string, href: string, post: string) => {
      const idx = c.links.get(decodeEntities(href));
      if (idx === undefined) return whole;
      return `${pre}${escapeAttr(`${base}/e/c/${makeToken(ctx.secret, 'click', r.deliveryId, idx)}`)}${post}`;
    },
  );
  const preview = fillMergeTags(c.previewText, values, { html: true });
  const preheader = preview ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${preview}</div>` : '';
  const footer =
    `<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">` +
    `<p style="font-size:12px;color:#666;line-height:1.5">${site.postalAddress}<br>` +
    `You receive this email because you are a contact of ${site.brand}. ` +
    `<a href="${escapeAttr(unsubscribeUrl)}">Unsubscribe</a></p>`;
  const pixel = `<img src="${escapeAttr(`${base}/e/o/${makeToken(ctx.secret, 'open', r.deliveryId)}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">`;
  const html = `<!doctype html><html><body>${preheader}${body}${footer}${pixel}</body></html>`;
  const text =
    `${htmlToText(fillMergeTags(c.content, values, { html: true }))}\n\n--\n${site.postalAddress}\n` +
    `Unsubscribe: ${unsubscribeUrl}\n`;
  return {
    from: { name: c.fromName, address: c.fromEmail },
    to: r.email,
    subject: fillMergeTags(c.subject, values, { html: false }),
    html,
    text,
    messageId: `<d${r.deliveryId}.c${c.id}@${new URL(base).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // SendGrid relays these back in its event webhook, so bounces name their delivery.
      'X-SMTPAPI': JSON.stringify({ unique_args: { delivery_id: String(r.deliveryId) } }),
    },
  };
}
