/**
 * URL slugs: lowercase ASCII words joined by single hyphens, made from the title (accents
 * folded, "&" read as "and", apostrophes dropped), at most 80 characters cut at a word
 * boundary so a numeric suffix still fits the 100-character limit.
 */
const SLUG_BASE_MAX = 80;

/** Without leading and trailing hyphens (string code: `-+$` rescans a run of hyphens from each of its starts). */
function trimHyphens(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === '-') start++;
  while (end > start && s[end - 1] === '-') end--;
  return s.slice(start, end);
}

export function slugifyTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-');
  let slug = trimHyphens(words);
  if (slug.length > SLUG_BASE_MAX) {
    const cut = slug.slice(0, SLUG_BASE_MAX + 1);
    const at = cut.lastIndexOf('-');
    slug = trimHyphens(at > 0 ? cut.slice(0, at) : cut.slice(0, SLUG_BASE_MAX));
  }
  return slug || 'article';
}

/** `base`, or the first of `base-2`, `base-3`, … that is not taken. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
