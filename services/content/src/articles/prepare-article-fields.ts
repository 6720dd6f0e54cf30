/** Derived article columns: sanitised HTML and read time from Markdown; tidy, de-duplicated tags. */
import { badRequest } from '@lp/runtime';
import { countReadTime } from '../markdown/count-read-time.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import type { ArticleFields } from '../queries/article-row.ts';

export function prepareBody(markdown: string): Pick<ArticleFields, 'content_markdown' | 'content_html' | 'read_time'> {
  let html: string;
  try {
    html = renderMarkdown(markdown);
  } catch (err) {
    // The request schema caps nesting; a body that still exhausts the renderer is refused, not a 500.
    if (!(err instanceof RangeError)) throw err;
    throw badRequest('Some fields need attention', {
      fields: { contentMarkdown: ['This text is nested too deeply to publish'] },
    });
  }
  return { content_markdown: markdown, content_html: html, read_time: countReadTime(html) };
}

/** Trims and collapses whitespace; keeps the first spelling of tags that differ only in case. */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}
