/**
 * A reply to an inbox email, handed from the Inbox to 'Send an Email' (router state), so staff
 * answer from the product: the reply goes out through the mailer's normal send to the typed
 * address (`audience.emails`), which is what counts as a lead's first response. The subject gets
 * one "Re: " (never "Re: Re: "); the message is quoted below as text, HTML-escaped (the quoted
 * words, never the sender's markup), under "On <when, in the site's time zone>, <sender> wrote:".
 */
import { formatDateTime } from './site-time';

export type ReplyDraft = { to: string; subject: string; content: string };

/** The router state 'Send an Email' reads a reply from. */
export type SendEmailState = { reply?: ReplyDraft };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** "Re: " before the subject, unless it already starts with Re: (any case). */
export const replySubject = (subject: string) => (/^\s*re:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`);

const BLOCKS = 'p, div, li, tr, h1, h2, h3, h4, h5, h6, blockquote, pre, table';

/**
 * The words of an HTML body, a line per paragraph or break (the browser's own parser: nothing in
 * a parsed document runs or loads); style and script text is not words.
 */
function textOfHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('script, style, template').forEach((el) => el.remove());
  body.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  body.querySelectorAll(BLOCKS).forEach((el) => el.append('\n'));
  const lines = (body.textContent ?? '').split('\n').map((line) => line.trimEnd());
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

export function replyDraftOf(email: {
  fromName: string | null;
  fromEmail: string;
  subject: string;
  receivedAt: string;
  bodyText: string | null;
  bodyHtml: string | null;
}): ReplyDraft {
  const text = (email.bodyText?.trim() ? email.bodyText : textOfHtml(email.bodyHtml ?? '')).trim();
  const who = email.fromName ? `${email.fromName} <${email.fromEmail}>` : email.fromEmail;
  const when = formatDateTime(email.receivedAt);
  const quoted = escapeHtml(text).replace(/\r?\n/g, '<br>\n');
  return {
    to: email.fromEmail,
    subject: replySubject(email.subject),
    content:
      `<p></p>\n<p>On ${escapeHtml(when)}, ${escapeHtml(who)} wrote:</p>\n` +
      `<blockquote style="margin:0 0 0 8px;padding-left:8px;border-left:2px solid #ccc;color:#555">${quoted}</blockquote>\n`,
  };
}
