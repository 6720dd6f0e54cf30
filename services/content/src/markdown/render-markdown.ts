/** Markdown → sanitised article HTML (GitHub-flavoured Markdown, then the article policy). */
import { Marked } from 'marked';
import { sanitizeArticleHtml } from './sanitize-article-html.ts';

// Own instance: the global `marked` is shared mutable state.
const marked = new Marked({ gfm: true, breaks: false });

export function renderMarkdown(markdown: string): string {
  return sanitizeArticleHtml(marked.parse(markdown, { async: false }));
}
