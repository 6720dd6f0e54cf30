import { describe, expect, it } from 'vitest';
import type { BlogArticle } from '@lp/contracts';
import { absolutizeHtml, buildBlogFeed, escapeXml } from './blog-feed-xml.ts';

const article = (over: Partial<BlogArticle> = {}): BlogArticle => ({
  id: 7,
  slug: 'buying-a-lot',
  title: 'Buying a Lot & "Building" <Near> Lake Powell',
  summary: "What to check before you buy: it's simple.",
  content:
    '<p>See <a href="/builder-package-1">the package</a> and <img src="/media/abc.png" alt="" /> or <a href="https://www.nps.gov/glca/">NPS</a>.</p>',
  coverImage: '/media/0f.png',
  tags: ['Buying', 'Lots & Land'],
  publishedAt: '2026-10-01T15:00:00.000Z',
  updatedAt: '2026-10-02T15:00:00.000Z',
  readTime: 4,
  ...over,
});

/** Tags balance and no raw markup characters remain in text: enough to catch escaping bugs. */
function wellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, close, name, , self] = m;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  const text = body.replace(/<\/?[a-zA-Z][^>]*>/g, '');
  return stack.length === 0 && !/[<>]/.test(text) && !/&(?!(amp|lt|gt|quot|apos);)/.test(text);
}

describe('Atom feed', () => {
  const xml = buildBlogFeed(
    [article(), article({ id: 8, slug: 'second', coverImage: null, tags: [] })],
    '2026-10-03T00:00:00.000Z',
  );

  it('is well-formed Atom with the feed metadata', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(
      true,
    );
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain(
      '<link rel="self" type="application/atom+xml" href="https://lakepowelllots.com/blog/feed.xml"/>',
    );
    expect(xml).toContain('<updated>2026-10-03T00:00:00.000Z</updated>');
    expect(xml.match(/<entry>/g)).toHaveLength(2);
  });

  it('escapes text and uses absolute URLs everywhere', () => {
    expect(xml).toContain(
      '<title type="text">Buying a Lot &amp; &quot;Building&quot; &lt;Near&gt; Lake Powell</title>',
    );
    expect(xml).toContain(
      '<link rel="alternate" type="text/html" href="https://lakepowelllots.com/blog/buying-a-lot"/>',
    );
    expect(xml).toContain('<media:thumbnail url="https://lakepowelllots.com/media/0f.png"/>');
    expect(xml).toContain('href=&quot;https://lakepowelllots.com/builder-package-1&quot;');
    expect(xml).toContain('src=&quot;https://lakepowelllots.com/media/abc.png&quot;');
    expect(xml).toContain('href=&quot;https://www.nps.gov/glca/&quot;');
    expect(xml).toContain('<category term="Lots &amp; Land"/>');
    expect(xml).toContain('<id>tag:lakepowelllots.com,2026:blog-article-7</id>');
  });

  it('skips missing and null tags instead of failing the feed', () => {
    const odd = buildBlogFeed(
      [
        article({ tags: ['Buying', null, 'Lots'] as unknown as string[] }),
        article({ id: 9, tags: undefined as unknown as string[] }),
        article({ id: 10, tags: null as unknown as string[] }),
      ],
      '2026-10-03T00:00:00.000Z',
    );
    expect(wellFormed(odd)).toBe(true);
    expect(odd.match(/<entry>/g)).toHaveLength(3);
    expect(odd.match(/<category /g)).toHaveLength(2);
    expect(odd).toContain('<category term="Buying"/>');
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u0008c\u000bd')).toBe('abcd');
  });

  it('leaves absolute and protocol-relative URLs alone when absolutising', () => {
    expect(
      absolutizeHtml('<a href="https://x.example/">x</a><a href="//cdn.example/y">y</a><a href="#top">t</a>'),
    ).toBe('<a href="https://x.example/">x</a><a href="//cdn.example/y">y</a><a href="#top">t</a>');
  });
});
