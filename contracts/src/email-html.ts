/**
 * The one HTML policy of e-mail templates and broadcasts, defined once and applied by the
 * mailer's sanitiser (on save and again before sending) and by the staff editor's live preview,
 * so the preview shows exactly what recipients get: which elements and attributes survive,
 * which link targets and image sources are allowed, which inline CSS properties are kept. Also
 * the merge tags a template may use, how unknown ones are found and how they are filled in.
 * A template's `<style>` sheet is kept under the same property rules (`cleanEmailStyleSheet` in
 * email-css.ts, apart so that PostCSS loads only where sheets are cleaned), and so are Outlook's
 * conditional comments (`isAllowedMsoCondition`).
 */

/** Elements an e-mail body may contain (table layouts included: most mail clients need them). */
export const EMAIL_HTML_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'div',
  'span',
  'br',
  'hr',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'center',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;
export type EmailHtmlTag = (typeof EMAIL_HTML_TAGS)[number];

/**
 * Attributes kept as written (besides `style`, filtered by `cleanEmailStyle`): the table
 * attributes Outlook's Word engine lays out with (bgcolor, width, height, align), and the
 * `<style>` sheet's hooks on every element (`class`, `dir`, `lang`).
 */
export const EMAIL_HTML_ATTRIBUTES: Readonly<Partial<Record<EmailHtmlTag, readonly string[]>>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height', 'align', 'border'],
  table: ['width', 'height', 'align', 'border', 'cellpadding', 'cellspacing', 'role', 'bgcolor', 'background'],
  td: ['width', 'height', 'align', 'valign', 'colspan', 'rowspan', 'bgcolor', 'background'],
  th: ['width', 'height', 'align', 'valign', 'colspan', 'rowspan', 'bgcolor', 'background'],
  tr: ['align', 'valign', 'bgcolor', 'height'],
  div: ['align'],
  p: ['align'],
  ol: ['start'],
};
/** Attributes every allowed element keeps. */
export const EMAIL_GLOBAL_ATTRIBUTES = ['class', 'dir', 'lang'] as const;

/** The attributes `tag` keeps (its own and the global ones; `style` apart). */
export function emailAttributesOf(tag: string): readonly string[] {
  return [...(EMAIL_HTML_ATTRIBUTES[tag as EmailHtmlTag] ?? []), ...EMAIL_GLOBAL_ATTRIBUTES];
}

/** Attributes holding an image address, checked by `isAllowedEmailImageSrc`. */
export const EMAIL_IMAGE_ATTRIBUTES: readonly string[] = ['src', 'background'];

/**
 * CSS properties kept, inline and in `<style>`; any other declaration is removed (`behavior`,
 * `-moz-binding`, `position`, `content`, `background-image` and the like). The Outlook (`mso-`)
 * and WebKit/IE text-size properties are the ones stock responsive templates rely on.
 */
export const EMAIL_STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'text-indent',
  'white-space',
  'word-break',
  'word-wrap',
  'overflow-wrap',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'border',
  'border-top',
  'border-bottom',
  'border-left',
  'border-right',
  'border-color',
  'border-style',
  'border-width',
  'border-top-width',
  'border-bottom-width',
  'border-left-width',
  'border-right-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'box-sizing',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'display',
  'visibility',
  'opacity',
  'overflow',
  'vertical-align',
  'clear',
  'float',
  'table-layout',
  'direction',
  'cursor',
  'list-style-type',
  'mso-hide',
  'mso-table-lspace',
  'mso-table-rspace',
  'mso-line-height-rule',
  'mso-padding-alt',
  'mso-border-alt',
  'mso-height-rule',
  'mso-text-raise',
  '-ms-text-size-adjust',
  '-webkit-text-size-adjust',
  '-webkit-font-smoothing',
] as const;
const STYLE_PROPERTIES: ReadonlySet<string> = new Set(EMAIL_STYLE_PROPERTIES);

/**
 * A declaration value: words, numbers, units, colours, commas, quotes, slashes (`font: 14px/1.5`)
 * and the colour and size functions; no `url()`, no `expression()`, no escapes (`\75rl(`), no
 * `<`, `;`, braces or `@` (nothing that ends the declaration, the rule or the `<style>`).
 */
const SAFE_STYLE_VALUE = /^[#\w\s.,%'"()/+*!-]{1,200}$/;
const STYLE_FUNCTIONS: ReadonlySet<string> = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc']);

/** Whether `prop: value` is kept: an allowed property and a value holding no code or remote resource. */
export function isSafeEmailDeclaration(prop: string, value: string): boolean {
  if (!STYLE_PROPERTIES.has(prop) || !SAFE_STYLE_VALUE.test(value) || /url|expression/i.test(value)) return false;
  for (const m of value.matchAll(/(?<![\w-])([\w-]*)\(/g)) if (!STYLE_FUNCTIONS.has(m[1]!.toLowerCase())) return false;
  // Text coloured like its background is hidden text to spam filters (SpamAssassin's
  // HTML_FONT_LOW_CONTRAST): a hidden element is hidden by its size or display, not its colour.
  if (prop === 'color' && /^transparent\b/i.test(value)) return false;
  // A negative margin pulls what follows over or under the content: the footer the product adds among it.
  if (prop.startsWith('margin') && /(?:^|[\s,(])-[\d.]/.test(value)) return false;
  // A quote left open would run on past the declaration.
  if (value.split('"').length % 2 === 0 || value.split("'").length % 2 === 0) return false;
  return !/!(?!\s*important\s*$)/i.test(value);
}

/** Keeps the allowed declarations of an inline style; '' when none survives. */
export function cleanEmailStyle(style: string): string {
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (isSafeEmailDeclaration(prop, value)) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

/** A template's `<body …>` start tag (the first one) and its end tag. */
const BODY_START = /<body\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const BODY_END = /<\/body\s*>/i;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * A template's `<body>` as the `<div>` its content is kept in. Content is a fragment (the product
 * writes the message's own body), so a body's attributes would be lost with its tag, and with them
 * the design's page colour: its `style`, `class`, `dir` and `lang` go to the div and `bgcolor` to
 * its style as `background-color`; the policy then cleans them as any div's. Applied by both the
 * mailer's sanitiser and the editor's preview; HTML without a body is returned as it is.
 */
export function bodyAsDiv(html: string): string {
  const start = BODY_START.exec(html);
  if (!start) return html;
  const attrs = new Map<string, string>();
  for (const m of (start[1] ?? '').matchAll(ATTRIBUTE))
    if (!attrs.has(m[1]!.toLowerCase())) attrs.set(m[1]!.toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  const bgcolor = attrs.get('bgcolor')?.trim();
  const style = [bgcolor && /^#?[\w]+$/.test(bgcolor) ? `background-color: ${bgcolor}` : '', attrs.get('style') ?? '']
    .filter(Boolean)
    .join('; ');
  const kept = [
    ...(style ? [['style', style] as const] : []),
    ...['class', 'dir', 'lang'].flatMap((k) => {
      const v = attrs.get(k);
      return v === undefined ? [] : [[k, v] as const];
    }),
  ];
  // Values as written (entities included); only a double quote from a single-quoted value is escaped.
  const div = `<div${kept.map(([k, v]) => ` ${k}="${v.replace(/"/g, '&quot;')}"`).join('')}>`;
  const rest = html.slice(start.index + start[0].length);
  return html.slice(0, start.index) + div + rest.replace(BODY_END, '</div>');
}

/**
 * The condition of an Outlook conditional comment (`<!--[if mso]>`, `<!--[if gte mso 9]>`,
 * `<!--[if !mso]><!-->`, `<!--[if (gte mso 9)|(IE)]>`): words, numbers, `!`, `|`, `&` and brackets.
 */
export const isAllowedMsoCondition = (condition: string) => /^[\w\s!()|&.]{1,60}$/.test(condition);

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(IGNORED_IN_URLS, ''))?.[1]?.toLowerCase();

/** A merge tag as the whole value of an attribute, e.g. `href="{{unsubscribeUrl}}"`. */
const isMergeTagValue = (s: string) => /^\{\{\s*unsubscribeUrl\s*\}\}$/.test(s.trim());

/** Link targets: absolute http(s), mailto, or `{{unsubscribeUrl}}` (a mail has no "this site"). */
export function isAllowedEmailHref(href: string): boolean {
  if (isMergeTagValue(href)) return true;
  const scheme = schemeOf(href);
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** Image sources: absolute https only (a mail client loads nothing relative; http is mixed content). */
export function isAllowedEmailImageSrc(src: string): boolean {
  return schemeOf(src) === 'https' && !/[\s\\]/.test(src);
}

/** The merge tags a template may use (the product's own fields, nothing else), with what the editor says about each. */
export const MERGE_TAGS = {
  firstName: "The contact's first name",
  lastName: "The contact's last name",
  email: "The contact's e-mail address",
  unsubscribeUrl: "The recipient's unsubscribe link",
} as const;
export type MergeTag = keyof typeof MERGE_TAGS;
export type MergeValues = Record<MergeTag, string>;

/** Closed list: an own-property check, so `{{constructor}}` or `{{toString}}` is never a field. */
const MERGE_TAG_NAMES: ReadonlySet<string> = new Set(Object.keys(MERGE_TAGS));
export const isMergeTag = (name: string): name is MergeTag => MERGE_TAG_NAMES.has(name);

/**
 * `{{ name }}`. Linear: the name holds no brace, so two tries never scan the same characters;
 * the spaces around the name are trimmed in code (a `\s*` on each side of a lazy name made the
 * engine try every split of a run of spaces, cubic in its length). Global: for `matchAll` and
 * `replace`, which never share its `lastIndex`.
 */
export const MERGE_TAG_PATTERN = /\{\{([^{}]*)\}\}/g;
/** The tag's name from the pattern's first group. */
export const mergeTagName = (inner: string) => inner.trim();

/** Every `{{…}}` in `text` that is not a known merge tag, each once, in order of appearance. */
export function findUnknownMergeTags(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(MERGE_TAG_PATTERN)) {
    const name = mergeTagName(m[1]!);
    if (!isMergeTag(name)) unknown.add(`{{${name}}}`);
  }
  return [...unknown];
}

/** What a refused template or send says: the unknown tags named, then the ones to use instead. */
export const unknownMergeTagsMessage = (tags: readonly string[]) =>
  `Unknown merge tag${tags.length > 1 ? 's' : ''}: ${tags.join(', ')}. Use one of ${Object.keys(MERGE_TAGS)
    .map((t) => `{{${t}}}`)
    .join(', ')}`;

/** Text as HTML: every character that could start markup or end an attribute escaped. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Fills in the merge tags; values are HTML-escaped when `html` (a name cannot inject markup). */
export function fillMergeTags(text: string, values: MergeValues, opts: { html: boolean }): string {
  return text.replace(MERGE_TAG_PATTERN, (whole, inner: string) => {
    const name = mergeTagName(inner);
    if (!isMergeTag(name)) return whole;
    const value = values[name];
    return opts.html ? escapeHtml(value) : value;
  });
}
