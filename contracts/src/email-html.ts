/**
 * The one HTML policy of e-mail templates and broadcasts, defined once and applied by the
 * mailer's sanitiser (on save and again before sending) and by the staff editor's live preview,
 * so the preview shows exactly what recipients get: which elements and attributes survive,
 * which link targets and image sources are allowed, which inline CSS properties are kept. Also
 * the merge tags a template may use, how unknown ones are found and how they are filled in.
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

/** Attributes kept as written (besides `style`, filtered by `cleanEmailStyle`). */
export const EMAIL_HTML_ATTRIBUTES: Readonly<Partial<Record<EmailHtmlTag, readonly string[]>>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: ['width', 'align', 'border', 'cellpadding', 'cellspacing', 'role'],
  td: ['width', 'align', 'valign', 'colspan', 'rowspan'],
  th: ['width', 'align', 'valign', 'colspan', 'rowspan'],
  tr: ['align', 'valign'],
  div: ['align'],
  p: ['align'],
  ol: ['start'],
};

/** Inline CSS properties kept in `style`; any other declaration is removed. */
export const EMAIL_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'text-align',
  'text-decoration',
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
  'border-radius',
  'border-collapse',
  'width',
  'max-width',
  'height',
  'display',
  'vertical-align',
] as const;

/** A declaration value: words, numbers, units, colours, commas and quotes; no url(), no expressions. */
const SAFE_STYLE_VALUE = /^[#\w\s.,%'"-]{1,200}$/;

/** Keeps the allowed declarations of an inline style; '' when none survives. */
export function cleanEmailStyle(style: string): string {
  const allowed: readonly string[] = EMAIL_STYLE_PROPERTIES;
  const kept: string[] = [];
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!allowed.includes(prop) || !SAFE_STYLE_VALUE.test(value) || /url|expression/i.test(value)) continue;
    kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

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
