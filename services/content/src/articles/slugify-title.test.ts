import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '@lp/contracts';
import { firstFreeSlug, slugifyTitle } from './slugify-title.ts';

describe('slugifyTitle', () => {
  it.each([
    ['Buying a Lot Near Lake Powell', 'buying-a-lot-near-lake-powell'],
    ["Page's Market: By the Numbers!", 'pages-market-by-the-numbers'],
    ['Lots & Homes — 2026', 'lots-and-homes-2026'],
    ['Café près du Lac', 'cafe-pres-du-lac'],
    ['   --Spaces   and---dashes--  ', 'spaces-and-dashes'],
    ['¡¿?!', 'article'],
    ['日本語', 'article'],
  ])('%s → %s', (title, slug) => {
    expect(slugifyTitle(title)).toBe(slug);
    expect(SLUG_PATTERN.test(slugifyTitle(title))).toBe(true);
  });

  it('cuts long titles at a word boundary, at most 80 characters', () => {
    const slug = slugifyTitle('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('word')).toBe(true);
    expect(slugifyTitle('x'.repeat(120))).toHaveLength(80);
  });
});

describe('firstFreeSlug', () => {
  it('keeps a free slug and numbers a taken one from 2', () => {
    expect(firstFreeSlug('lots', new Set())).toBe('lots');
    expect(firstFreeSlug('lots', new Set(['lots']))).toBe('lots-2');
    expect(firstFreeSlug('lots', new Set(['lots', 'lots-2', 'lots-3']))).toBe('lots-4');
    expect(firstFreeSlug('lots', new Set(['lots', 'lots-3']))).toBe('lots-2');
  });
});
