/**
 * A text block's small formatting model as HTML: `**bold**`, `*italic*`, `[label](url)` (http,
 * https or mailto only; any other target stays as the text it was written as), a blank line
 * between paragraphs, a single line break kept. Everything else is text, escaped, so a text
 * block can never inject markup; merge tags (`{{firstName}}`) pass through as written.
 */
import { escapeHtml, isBlockUrl } from '@lp/contracts';

/** Links, bold and italic; each match's pattern holds no newline, so a run never spans paragraphs. */
const INLINE = /\[([^\]\n]{1,500})\]\(([^()\s]{1,2000})\)|\*\*([^*\n]{1,2000})\*\*|\*([^*\n]{1,2000})\*/g;

export const LINK_STYLE = 'color:#1d4ed8;text-decoration:underline';

function formatInline(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const [whole, label, url, bold, italic] = m;
    let html: string;
    if (label !== undefined && url !== undefined) {
      if (!isBlockUrl(url)) continue;
      html = `<a href="${escapeHtml(url)}" style="${LINK_STYLE}">${formatInline(label)}</a>`;
    } else if (bold !== undefined) html = `<strong>${formatInline(bold)}</strong>`;
    else html = `<em>${formatInline(italic ?? '')}</em>`;
    out += escapeHtml(text.slice(last, m.index)) + html;
    last = m.index + whole.length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The paragraphs of `text` as `<p>` elements with `style` on each. */
export function formatBlockText(text: string, style: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="${style}">${p.split('\n').map(formatInline).join('<br>')}</p>`)
    .join('');
}
