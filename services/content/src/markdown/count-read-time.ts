/**
 * Reading time in whole minutes (at least 1) of an article's sanitised HTML, at 200 words per
 * minute: a conservative pace for non-fiction read on screen, so "5 min read" is rarely short.
 */
export const WORDS_PER_MINUTE = 200;

export function countWords(html: string): number {
  const text = html
    .replace(/<(pre|code)[\s\S]*?<\/\1>/gi, (block) => block.replace(/<[^>]*>/g, ' '))
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function countReadTime(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
}
