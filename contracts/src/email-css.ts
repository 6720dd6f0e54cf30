/**
 * The `<style>` sheets of e-mail templates under the e-mail HTML policy (email-html.ts: the same
 * CSS properties and values as inline styles), shared by the mailer's sanitiser and the editor's
 * preview. A module of its own so that PostCSS is loaded only by what cleans sheets, not by every
 * importer of `@lp/contracts` (the public site among them).
 */
import type { Container, Document, Root } from 'postcss';
import safeParse from 'postcss-safe-parser';
import { isSafeEmailDeclaration } from './email-html.ts';

/**
 * A selector kept in a `<style>` sheet: elements, classes, ids, attribute tests, combinators and
 * pseudo-classes; nothing that could end the rule or the `<style>` element, no escapes.
 */
const SAFE_SELECTOR = /^[\w\s.#:>+~*,()[\]="'|^$-]{1,500}$/;
/** A media query kept: `only screen and (max-width: 620px)`, `all`, `(prefers-color-scheme: dark)`. */
const SAFE_MEDIA_QUERY = /^[\w\s():,.-]{1,200}$/;

/** The kept declarations of a rule, one per line. */
function cleanDeclarations(container: Container, indent: string): string[] {
  const out: string[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type !== 'decl') continue;
    const prop = node.prop.trim().toLowerCase();
    const value = node.value.trim();
    if (isSafeEmailDeclaration(prop, value))
      out.push(`${indent}${prop}: ${value}${node.important ? ' !important' : ''};`);
  }
  return out;
}

/** Style rules kept, in order; at the top level, `@media` blocks holding them too (one level, as e-mail needs). */
function cleanRules(container: Container, topLevel: boolean): string[] {
  const out: string[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type === 'rule') {
      const selectors = node.selectors.map((sel) => sel.trim());
      if (!selectors.every((sel) => SAFE_SELECTOR.test(sel))) continue;
      const selector = selectors.join(',\n');
      const decls = cleanDeclarations(node, '  ');
      if (decls.length) out.push(`${selector} {\n${decls.join('\n')}\n}`);
    } else if (topLevel && node.type === 'atrule' && node.name.toLowerCase() === 'media') {
      const query = node.params.trim();
      if (!SAFE_MEDIA_QUERY.test(query) || /url|expression/i.test(query)) continue;
      const rules = cleanRules(node, false);
      if (rules.length) out.push(`@media ${query} {\n${rules.map((r) => r.replace(/^/gm, '  ')).join('\n')}\n}`);
    }
    // Anything else goes: @import and @font-face (remote code and fonts), @charset, @keyframes,
    // @supports, @page, @namespace, comments.
  }
  return out;
}

/**
 * A `<style>` sheet under the policy, parsed with PostCSS's tolerant parser (an unclosed block or
 * a stray brace is read as a browser reads it) and written back from what is kept: style rules
 * with a safe selector and their allowed declarations (as `cleanEmailStyle` keeps them,
 * `!important` included), `@media` blocks holding such rules; '' when nothing is kept. The result
 * never holds `<`, so it cannot end its `<style>` element.
 */
export function cleanEmailStyleSheet(css: string): string {
  const root = parseSheet(css);
  return root ? cleanRules(root, true).join('\n') : '';
}

/** A sheet read as a browser reads it; null when it cannot be (a document is what HTML-embedding syntaxes give). */
function parseSheet(css: string): Root | null {
  let root: Root | Document;
  try {
    root = safeParse(css);
  } catch {
    return null;
  }
  return root.type === 'root' ? root : null;
}

/**
 * The class of the element a message's content is wrapped in, when sent and when previewed: the
 * template's sheets are scoped to it, so no rule of a template reaches what the product adds
 * around it (the footer with the postal address and the unsubscribe link, the preheader).
 */
export const EMAIL_CONTENT_CLASS = 'lp-content';

/** `body`, `html body`, `:root > body` and the like at the start of a selector: the content's wrapper stands for them. */
const DOCUMENT_SELECTOR = /^(?:(?:html|:root)(?:\s*>\s*|\s+))?body(?![\w-])|^(?:html|:root)(?![\w-])/i;

function scopeSelector(selector: string, scope: string): string {
  const sel = selector.trim();
  const document = DOCUMENT_SELECTOR.exec(sel);
  if (!document) return `${scope} ${sel}`;
  // `body.wide` qualifies the wrapper itself, `body p` is inside it, `body` is the wrapper.
  return `${scope}${sel.slice(document[0].length)}`;
}

/**
 * A sheet (the policy's clean output) with every selector scoped to the content's wrapper:
 * `p` becomes `.lp-content p`, `body` the wrapper itself, inside `@media` blocks too.
 */
export function scopeEmailStyleSheet(css: string, scope = `.${EMAIL_CONTENT_CLASS}`): string {
  const root = parseSheet(css);
  if (!root) return '';
  root.walkRules((rule) => {
    rule.selectors = rule.selectors.map((sel) => scopeSelector(sel, scope));
  });
  return root.toString();
}

/**
 * Every `<style>` element of `html` (the policy's output, whose sheets hold no `<`, so a sheet
 * ends at the first `</style>`) with its sheet scoped to the content's wrapper: the mailer before
 * inlining, the editor's preview before showing.
 */
export const scopeStyleElements = (html: string): string =>
  html.replace(/<style>([^<]*)<\/style>/g, (_, css: string) => `<style>${scopeEmailStyleSheet(css)}</style>`);
