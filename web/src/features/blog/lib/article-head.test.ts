import { describe, expect, it } from 'vitest';
import type { BlogArticle } from '@lp/contracts';
import { articleHead } from './article-head';

const article: BlogArticle = {
  id: 3,
  slug: 'buying-a-lot',
  title: 'Buying a Lot',
  summary: 'What to check.',
  content: '<p>x</p>',
  coverImage: '/media/0f.svg',
  tags: ['Buying', 'Lots'],
  publishedAt: '2026-10-01T15:00:00.000Z',
  updatedAt: '2026-10-02T15:00:00.000Z',
  readTime: 4,
};
// The spec (§3) warns that tags may be missing or contain null.
const withTags = (tags: unknown) => ({ ...article, tags }) as BlogArticle;

describe('articleHead', () => {
  it('gives the title, canonical path, absolute image and keywords from the tags', () => {
    const head = articleHead(article);
    expect(head).toMatchObject({
      title: 'Buying a Lot | Lake Powell Lots',
      canonicalPath: '/blog/buying-a-lot',
      image: 'https://lakepowelllots.com/media/0f.svg',
    });
    expect(head.jsonLd.keywords).toBe('Buying, Lots');
  });

  it('survives missing tags and leaves nulls out of the keywords', () => {
    expect(articleHead(withTags(undefined)).jsonLd.keywords).toBe('');
    expect(articleHead(withTags(null)).jsonLd.keywords).toBe('');
    expect(articleHead(withTags(['Buying', null, 'Lots'])).jsonLd.keywords).toBe('Buying, Lots');
  });
});
