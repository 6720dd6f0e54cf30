import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, prerenderPaths, requestRenderedPages, sitemapPaths } from './route-table';
import { matchPublicRoute, isDashboardPath } from './match-route';
import { canonicalUrl, renderHead } from './page-head';

describe('route table', () => {
  it('prerenders every public page but those listing articles or lots; sitemap.xml leaves out the /embed duplicate', () => {
    expect(prerenderPaths()).toEqual(['/market', '/investment', '/contact']);
    expect(requestRenderedPages()).toEqual([
      'home',
      'lot-map',
      'builder-package',
      'lot',
      'blog',
      'blog-article',
      'sitemap',
    ]);
    expect(sitemapPaths()).toContain('/');
    expect(sitemapPaths()).toContain('/builder-package-1');
    expect(sitemapPaths()).toContain('/sitemap');
    expect(sitemapPaths()).not.toContain('/embed');
    expect(sitemapPaths()).toContain('/map');
  });

  it('matches paths, with or without a trailing slash; the dashboard is not public', () => {
    expect(matchPublicRoute('/market/')?.page).toBe('market');
    expect(matchPublicRoute('/embed')?.page).toBe('lot-map');
    expect(matchPublicRoute('/nope')).toBeNull();
    expect(matchPublicRoute('/marketing')).toBeNull();
    expect(isDashboardPath('/marketing/templates/3')).toBe(true);
    expect(isDashboardPath('/marketingx')).toBe(false);
  });

  it('gives every route a distinct title and a description of search-result length', () => {
    const titles = new Set(PUBLIC_ROUTES.filter((r) => !r.meta.canonicalPath).map((r) => r.meta.title));
    expect(titles.size).toBe(PUBLIC_ROUTES.filter((r) => !r.meta.canonicalPath).length);
    for (const r of PUBLIC_ROUTES) expect(r.meta.description.length).toBeGreaterThan(50);
  });
});

describe('page head', () => {
  it('builds canonical, OG, Twitter and an escaped RealEstateAgent JSON-LD', () => {
    const route = matchPublicRoute('/embed')!;
    expect(canonicalUrl(route.meta, '/embed')).toBe('https://lakepowelllots.com/map');
    const head = renderHead({ title: 'A </script> "B"', description: 'D' }, '/market');
    expect(head).toContain('<link rel="canonical" href="https://lakepowelllots.com/market" />');
    expect(head).toContain('<title>A &lt;/script&gt; &quot;B&quot;</title>');
    expect(head).toContain('name="twitter:card" content="summary_large_image"');
    expect(head).toContain('"@type":"RealEstateAgent"');
    expect(head).toContain('"openingHours":"Mo-Su 09:00-17:00"');
  });

  it('marks noindex pages and gives them no canonical', () => {
    const head = renderHead({ title: 'x', description: 'y', noindex: true }, '/missing');
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('rel="canonical"');
  });
});
