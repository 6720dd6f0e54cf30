/**
 * The one HTML policy of blog articles: an allow-list of text-structure tags (headings,
 * paragraphs, lists, links, images, quotes, code, tables, emphasis, rules, breaks). Links keep
 * only http(s)/mailto/relative targets and external ones get `rel="noopener noreferrer"`;
 * images keep only http(s)/relative sources. Scripts, styles, frames, plugins, SVG/MathML,
 * event handlers, inline styles and every other scheme (javascript:, data:, vbscript:…) are
 * removed with their content. Idempotent: running it on its own output changes nothing, so it
 * is applied on save and again when an article is served.
 */
import sanitizeHtml from 'sanitize-html';
import { ARTICLE_HTML_TAGS, site } from '@lp/contracts';

const SITE_HOST = new URL(site.origin).host;

/** Elements whose content is dropped with them (raw text, foreign content, plugin fallbacks). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'svg',
  'math',
  'select',
  'plaintext',
  'head',
  'meta',
  'link',
  'base',
];

function isExternal(href: string): boolean {
  const m = /^https?:\/\/([^/?#]+)/i.exec(href.trim());
  return m !== null && m[1]!.toLowerCase() !== SITE_HOST;
}

const link: sanitizeHtml.Transformer = (_tag, attribs) => {
  const out: sanitizeHtml.Attributes = {};
  if (attribs.href) out.href = attribs.href;
  if (attribs.title) out.title = attribs.title;
  if (attribs.href && isExternal(attribs.href)) {
    out.target = '_blank';
    out.rel = 'noopener noreferrer';
  }
  return { tagName: 'a', attribs: out };
};

const image: sanitizeHtml.Transformer = (_tag, attribs) => {
  const out: sanitizeHtml.Attributes = {};
  for (const k of ['src', 'alt', 'title', 'width', 'height'] as const)
    if (attribs[k] !== undefined) out[k] = attribs[k];
  return { tagName: 'img', attribs: { ...out, loading: 'lazy', decoding: 'async' } };
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_HTML_TAGS],
  // The article's title is the page's h1; headings in the body start at h2.
  transformTags: { h1: 'h2', b: 'strong', i: 'em', s: 'del', strike: 'del', a: link, img: image },
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    ol: ['start'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#_-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  parseStyleAttributes: false,
  // An image without a usable source is nothing but a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
