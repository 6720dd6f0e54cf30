import { describe, expect, it } from 'vitest';
import { distinctTags, filterArticles, tagsOf } from './filter-articles';

const articles = [
  { id: 1, title: 'Buying a Lot Near Lake Powell', summary: 'A checklist for land buyers.', tags: ['Buying', 'Lots'] },
  {
    id: 2,
    title: 'Short-Term Rentals in Page',
    summary: 'Occupancy and nightly RATES.',
    tags: ['Investing', null, 'Lots'],
  },
  { id: 3, title: 'Market Numbers', summary: 'Listings, rents and prices.', tags: null },
  { id: 4, title: 'Financing', summary: 'Land and construction loans.' },
] as const;

const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);

describe('filterArticles', () => {
  it('returns everything without a filter', () => {
    expect(ids(filterArticles(articles, {}))).toEqual([1, 2, 3, 4]);
    expect(ids(filterArticles(articles, { search: '   ', tag: null }))).toEqual([1, 2, 3, 4]);
  });

  it('searches title and summary, case-insensitively, as a substring', () => {
    expect(ids(filterArticles(articles, { search: 'lake POWELL' }))).toEqual([1]);
    expect(ids(filterArticles(articles, { search: 'rates' }))).toEqual([2]);
    expect(ids(filterArticles(articles, { search: 'loan' }))).toEqual([4]);
    expect(ids(filterArticles(articles, { search: ' rents ' }))).toEqual([3]);
    expect(ids(filterArticles(articles, { search: 'powella' }))).toEqual([]);
  });

  it('does not match across the end of the title and the summary', () => {
    expect(ids(filterArticles(articles, { search: 'numbers listings' }))).toEqual([]);
  });

  it('filters by tag, tolerating missing tags and nulls', () => {
    expect(ids(filterArticles(articles, { tag: 'Lots' }))).toEqual([1, 2]);
    expect(ids(filterArticles(articles, { tag: 'Investing' }))).toEqual([2]);
    expect(ids(filterArticles(articles, { tag: 'lots' }))).toEqual([]);
  });

  it('combines search and tag', () => {
    expect(ids(filterArticles(articles, { search: 'page', tag: 'Lots' }))).toEqual([2]);
    expect(ids(filterArticles(articles, { search: 'checklist', tag: 'Investing' }))).toEqual([]);
  });
});

describe('tags', () => {
  it('lists distinct tags alphabetically, skipping null and missing', () => {
    expect(distinctTags(articles)).toEqual(['Buying', 'Investing', 'Lots']);
    expect(tagsOf({ tags: [null, 'A', undefined, ''] })).toEqual(['A']);
    expect(distinctTags([])).toEqual([]);
  });
});
