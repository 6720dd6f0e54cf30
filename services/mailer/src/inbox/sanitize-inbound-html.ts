/**
 * The one HTML policy for inbound mail, applied by the mailer before a message is stored, so
 * what staff open is already safe; the screen shows it in a sandboxed frame that runs no
 * script and blocks remote images (defence in depth). Kept: the markup mail uses (tables,
 * fonts, inline styles without `url()`, `expression()`, `behavior`, `@import` or escapes),
 * links to http(s)/mailto (opening in a new tab, without referrer), images from http(s) (flagged
 * as remote), `cid:` and raster `data:` images. Removed with their content: scripts, styles,
 * frames, plugins, forms, SVG/MathML, `<head>`. Event handlers and every other URL scheme
 * (javascript:, vbscript:, data: anywhere but a raster image) are dropped.
 */
import sanitizeHtml from 'sanitize-html';
import { strictHtmlBase } from '@lp/runtime/html/sanitize-base';

const TAGS = [
  'a',
  'abbr',
  'address',
  'article',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'font',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'main',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'tt',
  'u',
  'ul',
  'wbr',
];

/** Besides what every policy drops: forms and media, which mail has no business running. */
const ALSO_DROP = ['form', 'button', 'input', 'audio', 'video', 'canvas', 'dialog'];

const COMMON = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title', 'class'];
const TABLE = ['border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'nowrap'];

/** Declarations that could fetch (url, @import), run (expression, behavior, binding) or hide either (escapes, comments). */
const UNSAFE_CSS = /url\s*\(|expression|behavior|binding|@import|javascript|vbscript|\\|\/\*|image-set|image\s*\(/i;

export function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => /^[a-z-]+\s*:/i.test(d) && !UNSAFE_CSS.test(d))
    .join('; ');
}

const RASTER_DATA = /^data:image\/(png|gif|jpe?g|webp);base64,[a-z0-9+/=\s]+$/i;
const REMOTE = /^https?:\/\//i;

export function sanitizeInboundHtml(html: string): { html: string; hasRemoteImages: boolean } {
  let hasRemoteImages = false;
  const out = sanitizeHtml(html, {
    ...strictHtmlBase(ALSO_DROP),
    // Mail's styles are cleaned by `cleanStyle` and then normalised by sanitize-html's parser.
    parseStyleAttributes: true,
    allowedTags: TAGS,
    allowedAttributes: {
      '*': COMMON,
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'border'],
      font: ['face', 'size', 'color'],
      table: TABLE,
      td: TABLE,
      th: TABLE,
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    transformTags: {
      '*': (tagName, attribs) => {
        if (attribs.style !== undefined) {
          const style = cleanStyle(attribs.style);
          if (style) attribs.style = style;
          else delete attribs.style;
        }
        return { tagName, attribs };
      },
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        const out = { ...attribs };
        delete out.target;
        delete out.rel;
        if (href && /^(https?:|mailto:)/i.test(href)) {
          out.href = href;
          out.target = '_blank';
          out.rel = 'noopener noreferrer';
        } else delete out.href;
        if (out.style !== undefined) out.style = cleanStyle(out.style);
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const out = { ...attribs };
        if (REMOTE.test(src)) hasRemoteImages = true;
        if (!(REMOTE.test(src) || /^cid:/i.test(src) || RASTER_DATA.test(src))) delete out.src;
        if (out.style !== undefined) out.style = cleanStyle(out.style);
        return { tagName, attribs: out };
      },
    },
  });
  return { html: out, hasRemoteImages };
}
