/**
 * Applies the one HTML policy of blog articles (`@lp/contracts` article-html: the tags,
 * attributes, renames, link and image rules the editor's preview applies as well). Links keep
 * only http(s)/mailto/same-site targets and external ones get `rel="noopener noreferrer"`;
 * images keep only `/media/` sources and https ones from `site.blogImageHosts`. Scripts,
 * styles, frames, plugins, SVG/MathML, event handlers, inline styles and every other scheme
 * (javascript:, data:, vbscript:…) are removed with their content. Idempotent: running it on
 * its own output changes nothing, so it is applied on save and again when an article is served.
 */
import sanitizeHtml from 'sanitize-html';
import {
  ARTICLE_ALIGN_VALUES,
  ARTICLE_CODE_CLASS,
  ARTICLE_HTML_ATTRIBUTES,
  ARTICLE_HTML_TAGS,
  ARTICLE_TAG_RENAMES,
  isAllowedArticleHref,
  isAllowedArticleImageSrc,
  isExternalArticleLink,
  site,
} from '@lp/contracts';
import { strictHtmlBase } from '@lp/runtime/html/sanitize-base';

const link: sanitizeHtml.Transformer = (_tag, attribs) => {
  const out: sanitizeHtml.Attributes = {};
  if (attribs.href && isAllowedArticleHref(attribs.href)) out.href = attribs.href;
  if (attribs.title) out.title = attribs.title;
  if (out.href && isExternalArticleLink(out.href)) {
    out.target = '_blank';
    out.rel = 'noopener noreferrer';
  }
  return { tagName: 'a', attribs: out };
};

const imageFrom =
  (hosts: readonly string[]): sanitizeHtml.Transformer =>
  (_tag, attribs) => {
    const out: sanitizeHtml.Attributes = {};
    for (const k of ARTICLE_HTML_ATTRIBUTES.img ?? [])
      if (attribs[k] !== undefined && (k !== 'src' || isAllowedArticleImageSrc(attribs[k], hosts))) out[k] = attribs[k];
    return { tagName: 'img', attribs: { ...out, loading: 'lazy', decoding: 'async' } };
  };

const align = [{ name: 'align', multiple: false, values: [...ARTICLE_ALIGN_VALUES] }];

const optionsFor = (imageHosts: readonly string[]): sanitizeHtml.IOptions => ({
  ...strictHtmlBase(),
  allowedTags: [...ARTICLE_HTML_TAGS],
  transformTags: { ...ARTICLE_TAG_RENAMES, a: link, img: imageFrom(imageHosts) },
  allowedAttributes: {
    a: [...(ARTICLE_HTML_ATTRIBUTES.a ?? []), 'target', 'rel'],
    img: [...(ARTICLE_HTML_ATTRIBUTES.img ?? []), 'loading', 'decoding'],
    ol: [...(ARTICLE_HTML_ATTRIBUTES.ol ?? [])],
    th: align,
    td: align,
  },
  allowedClasses: { code: [ARTICLE_CODE_CLASS] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
});

const OPTIONS = optionsFor(site.blogImageHosts);

/** `imageHosts`: the hosts remote images may come from (the site's list unless given). */
export function sanitizeArticleHtml(html: string, imageHosts?: readonly string[]): string {
  return sanitizeHtml(html, imageHosts ? optionsFor(imageHosts) : OPTIONS);
}
