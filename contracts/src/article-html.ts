/**
 * The one HTML policy of blog articles, defined once and applied by the content service's
 * sanitiser (on save and on serve) and by the staff editor's live preview, so the preview
 * shows exactly what will be published: which elements and attributes survive, which
 * elements are renamed, which link targets and image sources are allowed.
 */
import { site } from './site.ts';

/**
 * Elements an article body may contain once its Markdown is rendered. (`h1` is not in it: the
 * article's title is the page's h1, so body h1s become h2s; see ARTICLE_TAG_RENAMES.)
 */
export const ARTICLE_HTML_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'em',
  'strong',
  'del',
  'hr',
  'br',
] as const;
export type ArticleHtmlTag = (typeof ARTICLE_HTML_TAGS)[number];

/** Elements kept under another name. */
export const ARTICLE_TAG_RENAMES: Readonly<Record<string, ArticleHtmlTag>> = {
  h1: 'h2',
  b: 'strong',
  i: 'em',
  s: 'del',
  strike: 'del',
};

/**
 * Attributes an element may carry as written by the author; everything else is removed. Links
 * to other sites also get `target="_blank" rel="noopener noreferrer"`, images `loading="lazy"
 * decoding="async"`, set by the policy itself.
 */
export const ARTICLE_HTML_ATTRIBUTES: Readonly<Partial<Record<ArticleHtmlTag, readonly string[]>>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
  code: ['class'],
};

export const ARTICLE_ALIGN_VALUES = ['left', 'center', 'right'] as const;

/** The one class kept: a code block's language (`language-js`). */
export const ARTICLE_CODE_CLASS = /^language-[a-z0-9+#_-]{1,30}$/;

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;

const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(IGNORED_IN_URLS, ''))?.[1]?.toLowerCase();

/**
 * A relative URL on this site: not protocol-relative (`//host`) and without backslashes, which
 * browsers read as slashes (`/\\host`).
 */
const isLocalPath = (url: string) => {
  const u = url.replace(IGNORED_IN_URLS, '');
  return schemeOf(url) === undefined && !u.startsWith('//') && !u.includes('\\');
};

/** Link targets: http(s), mailto, or a path on this site. */
export function isAllowedArticleHref(href: string): boolean {
  const scheme = schemeOf(href);
  if (scheme === undefined) return isLocalPath(href);
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** The host of an absolute link, lower-cased; null for a relative one. */
export function hostOfArticleLink(href: string): string | null {
  const m = /^https?:\/\/([^/?#\\]+)/i.exec(href.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** Whether a link leaves the site (and so opens in a new tab without an opener). */
export const isExternalArticleLink = (href: string) => {
  const host = hostOfArticleLink(href);
  return host !== null && host !== new URL(site.origin).host;
};

/**
 * Image sources: the site's own `/media/` images, or https images from one of `hosts`
 * (`site.blogImageHosts` unless given). Nothing else: no data: or other schemes, no
 * protocol-relative or other-host images, which would let a third party track readers.
 */
export function isAllowedArticleImageSrc(src: string, hosts: readonly string[] = site.blogImageHosts): boolean {
  if (/^\/media\/[^/\\]/.test(src) && isLocalPath(src)) return true;
  if (schemeOf(src) !== 'https' || /[\s\\]/.test(src)) return false;
  let host: string;
  try {
    host = new URL(src).host.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => h.toLowerCase() === host);
}
