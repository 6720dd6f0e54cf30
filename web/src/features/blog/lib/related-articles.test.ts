import { describe, expect, it } from 'vitest';
import { relatedArticles } from './related-articles';

const all = [
  { id: 1, tags: ['Lots', 'Buying'] },
  { id: 2, tags: ['Lots'] },
  { id: 3, tags: ['Investing'] },
  { id: 4, tags: ['Lots', 'Buying', 'Financing'] },
  { id: 5, tags: ['Buying', null] },
  { id: 6, tags: null },
  { id: 7 },
  { id: 8, tags: ['Lots'] },
];
const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);

describe('relatedArticles', () => {
  it('returns other articles sharing a tag, most shared first, at most 3', () => {
    expect(ids(relatedArticles(all[0]!, all))).toEqual([4, 2, 5]);
  });

  it('never includes the article itself', () => {
    expect(ids(relatedArticles(all[2]!, all))).toEqual([]);
  });

  it('returns none for an article without tags (missing, null or only nulls)', () => {
    expect(relatedArticles(all[5]!, all)).toEqual([]);
    expect(relatedArticles(all[6]!, all)).toEqual([]);
    expect(relatedArticles({ id: 9, tags: [null] }, all)).toEqual([]);
  });

  it('keeps the list order among equals and honours a smaller limit', () => {
    expect(ids(relatedArticles(all[1]!, all))).toEqual([1, 4, 8]);
    expect(ids(relatedArticles(all[1]!, all, 1))).toEqual([1]);
  });
});
