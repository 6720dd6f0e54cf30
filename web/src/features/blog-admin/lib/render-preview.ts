/**
 * The editor's live preview: Markdown rendered in the browser with marked and cleaned with
 * DOMPurify under the article HTML policy the server applies (`@lp/contracts/article-html`:
 * the same tags, attributes, renames, link and image rules), so the preview shows what will
 * be published: an h1 shows as the h2 it becomes, a remote image outside the allow-list is
 * not shown, a protocol-relative link loses its target.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import {
  ARTICLE_ALIGN_VALUES,
  ARTICLE_CODE_CLASS,
  ARTICLE_HTML_ATTRIBUTES,
  ARTICLE_HTML_TAGS,
  ARTICLE_TAG_RENAMES,
  isAllowedArticleHref,
  isAllowedArticleImageSrc,
  isExternalArticleLink,
  type ArticleHtmlTag,
} from '@lp/contracts/article-html';

const marked = new Marked({ gfm: true, breaks: false });

const ALLOWED_TAGS = [...ARTICLE_HTML_TAGS, ...Object.keys(ARTICLE_TAG_RENAMES)];
const ALLOWED_ATTR = [...new Set(Object.values(ARTICLE_HTML_ATTRIBUTES).flat())];
const ALIGN: readonly string[] = ARTICLE_ALIGN_VALUES;

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** A DOMPurify of its own (hooks are per instance) that applies the per-element attribute rules. */
function articlePurifier() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const as = (ARTICLE_TAG_RENAMES[tag] ?? tag) as ArticleHtmlTag;
    const name = data.attrName;
    const value = data.attrValue;
    let keep = (ARTICLE_HTML_ATTRIBUTES[as] ?? []).includes(name);
    if (keep && name === 'href') keep = isAllowedArticleHref(value);
    if (keep && name === 'src') keep = isAllowedArticleImageSrc(value);
    if (keep && name === 'align') keep = ALIGN.includes(value);
    if (keep && name === 'class') {
      data.attrValue = value
        .split(/\s+/)
        .filter((c) => ARTICLE_CODE_CLASS.test(c))
        .join(' ');
      keep = data.attrValue !== '';
    }
    data.keepAttr = keep;
  });
  purifier = p;
  return p;
}

/** Renames elements as the server does, drops source-less images, marks external links. */
function finish(root: DocumentFragment): void {
  for (const [from, to] of Object.entries(ARTICLE_TAG_RENAMES))
    for (const el of root.querySelectorAll(from)) {
      const renamed = document.createElement(to);
      for (const attr of el.attributes) renamed.setAttribute(attr.name, attr.value);
      renamed.append(...el.childNodes);
      el.replaceWith(renamed);
    }
  for (const img of root.querySelectorAll('img')) {
    if (!img.getAttribute('src')) img.remove();
    else {
      img.setAttribute('loading', 'lazy');
      img.setAttribute('decoding', 'async');
    }
  }
  for (const a of root.querySelectorAll('a[href]'))
    if (isExternalArticleLink(a.getAttribute('href') ?? '')) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
}

export function renderPreview(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  const fragment = articlePurifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, RETURN_DOM_FRAGMENT: true });
  finish(fragment);
  const out = document.createElement('div');
  out.append(fragment);
  return out.innerHTML;
}
