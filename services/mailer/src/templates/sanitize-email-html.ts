/**
 * Applies the one HTML policy of e-mail (`@lp/contracts` email-html: the tags, attributes,
 * CSS properties, link and image rules the editor's preview applies as well). Scripts, frames,
 * forms, event handlers and every other scheme are removed with their content. What an e-mail
 * design needs is kept: the template's `<style>` sheets (moved out of its `<head>`, each rebuilt
 * from its allowed rules by `cleanEmailStyleSheet`), `class` attributes, table attributes, the
 * body's attributes on the div that holds its content (`bodyAsDiv`), and Outlook's conditional
 * comments, whose content goes through the same policy token by token (a
 * conditional block often opens a table another one closes, so its tags are not balanced).
 * Idempotent: applied when a template or a send is stored and so again on its own output.
 */
import { randomBytes } from 'node:crypto';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import {
  EMAIL_HTML_TAGS,
  bodyAsDiv,
  EMAIL_IMAGE_ATTRIBUTES,
  cleanEmailStyle,
  emailAttributesOf,
  escapeHtml,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
  isAllowedMsoCondition,
} from '@lp/contracts';
import { cleanEmailStyleSheet } from '@lp/contracts/email-css';
import { DROP_WITH_CONTENT, strictHtmlBase } from '@lp/runtime/html/sanitize-base';

/** An element's attributes under the policy: its own and the global ones, `style` filtered, links and images checked. */
function cleanAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of emailAttributesOf(tag)) {
    const value = attribs[k];
    if (value === undefined) continue;
    if (k === 'href' && !isAllowedEmailHref(value)) continue;
    if (EMAIL_IMAGE_ATTRIBUTES.includes(k) && !isAllowedEmailImageSrc(value)) continue;
    out[k] = value;
  }
  if (attribs.style) {
    const style = cleanEmailStyle(attribs.style);
    if (style) out.style = style;
  }
  return out;
}

const transform: sanitizeHtml.Transformer = (tag, attribs) => ({
  tagName: tag,
  attribs: cleanAttributes(tag, attribs),
});

/** Dropped with their content: the shared list, less `<head>` (its `<style>` is the design) and `<style>` (cleaned). */
const EMAIL_DROP_WITH_CONTENT = [...DROP_WITH_CONTENT.filter((t) => t !== 'head' && t !== 'style'), 'xml'];
const ALLOWED_TAGS: ReadonlySet<string> = new Set(EMAIL_HTML_TAGS);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

const optionsWith = (marker: string): sanitizeHtml.IOptions => ({
  ...strictHtmlBase(),
  nonTextTags: EMAIL_DROP_WITH_CONTENT,
  allowedTags: [...EMAIL_HTML_TAGS, 'style', marker],
  // The `<style>` text is re-emitted raw by sanitize-html and rebuilt by `cleanStyleElements`.
  allowVulnerableTags: true,
  transformTags: Object.fromEntries(EMAIL_HTML_TAGS.map((t) => [t, transform])),
  allowedAttributes: {
    ...Object.fromEntries(EMAIL_HTML_TAGS.map((t) => [t, [...emailAttributesOf(t), 'style']])),
    style: [],
    [marker]: ['n'],
  },
  // Schemes are checked by the policy's own functions above; `{{unsubscribeUrl}}` has none.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['src'],
});

/**
 * Every `<style>…</style>` of sanitize-html's output rebuilt by the policy. In that output a
 * literal `<style>` is always an element (text and attribute values have `<` escaped, comments
 * are gone) and its raw text ends at the first `</style` (where the parser ended it).
 */
function cleanStyleElements(html: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = html.indexOf('<style>', from);
    if (open < 0) break;
    const close = html.indexOf('</style>', open);
    if (close < 0) break;
    const css = cleanEmailStyleSheet(html.slice(open + '<style>'.length, close));
    out += html.slice(from, open) + (css ? `<style>\n${css}\n</style>` : '');
    from = close + '</style>'.length;
  }
  return out + html.slice(from);
}

/**
 * The content of a hidden conditional block (`<!--[if mso]>…<![endif]-->`) under the policy,
 * token by token: allowed elements with their attributes cleaned, opened and closed as written
 * (a block may open a table that a later block closes, or close one an earlier block opened:
 * the parser would drop such end tags, so each end tag of an allowed element is first turned
 * into a `closer` element that stands for it), text escaped, `<style>` cleaned, comments and
 * dropped elements gone. The result holds no `-->` and no `<!--`.
 */
function sanitizeConditionalContent(source: string, closer: string): string {
  const html = source.replace(/<\/([a-z][a-z0-9]*)\s*>/gi, (whole, name: string) =>
    ALLOWED_TAGS.has(name.toLowerCase()) ? `<${closer} n="${name.toLowerCase()}"></${closer}>` : whole,
  );
  let out = '';
  let dropDepth = 0;
  let css: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (dropDepth > 0 || EMAIL_DROP_WITH_CONTENT.includes(name)) {
          if (!VOID_TAGS.has(name)) dropDepth++;
          return;
        }
        if (name === 'style') {
          css = '';
          return;
        }
        if (name === closer) {
          const closed = attribs.n ?? '';
          if (ALLOWED_TAGS.has(closed) && !VOID_TAGS.has(closed)) out += `</${closed}>`;
          return;
        }
        if (!ALLOWED_TAGS.has(name)) return;
        const attrs = cleanAttributes(name, attribs);
        if (name === 'img' && !attrs.src) return;
        out += `<${name}${Object.entries(attrs)
          .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
          .join('')}>`;
      },
      ontext(text) {
        if (dropDepth > 0) return;
        if (css !== undefined) css += text;
        else out += escapeHtml(text);
      },
      // End tags of allowed elements are written by their closers; the parser's own are not.
      onclosetag(name) {
        if (dropDepth > 0) {
          if (!VOID_TAGS.has(name)) dropDepth--;
          return;
        }
        if (name === 'style' && css !== undefined) {
          const clean = cleanEmailStyleSheet(css);
          if (clean) out += `<style>\n${clean}\n</style>`;
          css = undefined;
          return;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

type Conditional =
  | { cond: string; kind: 'hidden'; content: string }
  | { cond: string; kind: 'revealed-open' }
  | { kind: 'revealed-close' };

const IF = '<!--[if ';
const ENDIF_HIDDEN = '<![endif]-->';
const ENDIF_REVEALED = '<!--<![endif]-->';

/**
 * Outlook's conditional comments replaced by marker elements (`<marker n="i">`) that
 * sanitize-html keeps only where they stand as elements; each is written back afterwards from
 * what was read (the condition checked, a hidden block's content sanitised). A marker that the
 * parse put anywhere else (inside an attribute value, a dropped element) vanishes, and so does
 * the conditional comment it stood for.
 */
function extractConditionals(html: string, marker: string): { html: string; found: Conditional[] } {
  const found: Conditional[] = [];
  const markerOf = (c: Conditional) => `<${marker} n="${found.push(c) - 1}"></${marker}>`;
  let out = '';
  let from = 0;
  for (;;) {
    const at = html.indexOf('<!--', from);
    if (at < 0) break;
    if (html.startsWith(ENDIF_REVEALED, at)) {
      out += html.slice(from, at) + markerOf({ kind: 'revealed-close' });
      from = at + ENDIF_REVEALED.length;
      continue;
    }
    const condEnd = html.startsWith(IF, at) ? html.indexOf(']>', at) : -1;
    const cond = condEnd < 0 ? '' : html.slice(at + IF.length, condEnd).trim();
    if (!cond || !isAllowedMsoCondition(cond)) {
      out += html.slice(from, at + 4);
      from = at + 4;
      continue;
    }
    if (html.startsWith('<!-->', condEnd + 2)) {
      out += html.slice(from, at) + markerOf({ cond, kind: 'revealed-open' });
      from = condEnd + 2 + '<!-->'.length;
      continue;
    }
    const end = html.indexOf(ENDIF_HIDDEN, condEnd);
    if (end < 0) {
      out += html.slice(from, at + 4);
      from = at + 4;
      continue;
    }
    const content = sanitizeConditionalContent(html.slice(condEnd + 2, end), `${marker}-end`);
    out += html.slice(from, at) + markerOf({ cond, kind: 'hidden', content });
    from = end + ENDIF_HIDDEN.length;
  }
  return { html: out + html.slice(from), found };
}

/** The markers sanitize-html kept, written back as the conditional comments they stand for. */
function restoreConditionals(html: string, marker: string, found: readonly Conditional[]): string {
  const pattern = new RegExp(`<${marker} n="(\\d+)"></${marker}>`, 'g');
  return html.replace(pattern, (_whole, n: string) => {
    const c = found[Number(n)];
    if (!c) return '';
    if (c.kind === 'revealed-close') return ENDIF_REVEALED;
    if (c.kind === 'revealed-open') return `<!--[if ${c.cond}]><!-->`;
    return `<!--[if ${c.cond}]>${c.content}${ENDIF_HIDDEN}`;
  });
}

export function sanitizeEmailHtml(html: string): string {
  // A tag name of its own per call: the content cannot write a marker that would be restored.
  const marker = `lp-mso-${randomBytes(8).toString('hex')}`;
  const { html: marked, found } = extractConditionals(bodyAsDiv(html), marker);
  const clean = cleanStyleElements(sanitizeHtml(marked, optionsWith(marker)));
  return found.length ? restoreConditionals(clean, marker, found) : clean;
}
