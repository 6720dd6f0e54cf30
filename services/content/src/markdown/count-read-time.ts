/**
 * Reading time in whole minutes (at least 1) of an article's sanitised HTML, at 200 words per
 * minute: a conservative pace for non-fiction read on screen, so "5 min read" is rarely short.
 */
export const WORDS_PER_MINUTE = 200;

export function countWords(html: string): number {
  // Every tag (code blocks' included) reads as a space. A tag holds no '<', so no two tries of
  // the pattern scan the same characters: linear whatever the input.
  const text = html.replace(/<[^<>]*>/g, ' ').replace(/&[a-z0-9#]+;/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export function countReadTime(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE));
}
