/**
 * The editor's live preview: Markdown rendered in the browser with marked and cleaned with
 * DOMPurify, close to what the server stores (the server's sanitize-html policy is the one
 * that counts: the saved article shows exactly what visitors get).
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { ARTICLE_HTML_TAGS } from '@lp/contracts/blog';

const marked = new Marked({ gfm: true, breaks: false });

// The server turns body h1s into h2s; the preview keeps them so the editor sees what they typed.
const ALLOWED_TAGS = ['h1', ...ARTICLE_HTML_TAGS];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'start', 'align', 'class'];
const SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function renderPreview(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_URL });
}
