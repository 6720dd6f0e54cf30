/**
 * The served HTML of the public site: the prerendered routes read from the built
 * `web/dist/client` (built first if missing), the pages showing lots (home, map, embed,
 * builder package) as the gateway renders them per request. Every route carries its search
 * metadata, JSON-LD and main text without JavaScript; sitemap.xml and robots.txt agree with
 * the route table; no public page references the dashboard chunk. The blog pages are checked
 * on the running gateway (tests/integration/blog-api.test.ts), the lot pages in
 * tests/integration/lots.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '@lp/contracts';
import { startStack, type Stack } from '../support/stack.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = `${ROOT}web/dist/client`;

const ROUTES = [
  {
    path: '/',
    file: null,
    title: 'Lots For Sale in Lake Powell, AZ',
    h1: 'Lots For Sale in Lake Powell, AZ',
    text: [
      'Build your dream home in one of the most scenic regions of the Southwest.',
      'Available Now - Starting at $55,000',
      'Affordable Lots For Sale',
      'Explore Lake Powell',
      'Why Choose',
    ],
  },
  {
    path: '/map',
    file: null,
    title: 'Interactive Lot Map',
    h1: 'Interactive Lot Map',
    text: ['Premium Lake View', 'Featured Lots', 'Sold Lots', 'Available Lots'],
  },
  {
    path: '/embed',
    file: null,
    title: 'Interactive Lot Map',
    h1: 'Interactive Lot Map',
    text: ['Premium Lake View'],
    canonical: '/map',
  },
  {
    path: '/market',
    file: 'market/index.html',
    title: 'Market Overview',
    h1: 'Page, AZ Real Estate Market Overview',
    text: ['Explore Market Data', 'Lot and home price comparison', 'Investor takeaways'],
  },
  {
    path: '/investment',
    file: 'investment/index.html',
    title: 'Short-Term Rental Investment',
    h1: 'Short-Term Rental Investment in Page, AZ',
    text: ['Sedona vs. Page', '3,200+'],
  },
  {
    path: '/builder-package-1',
    file: null,
    title: 'Builder Package',
    h1: '5 Lots for $275,000',
    text: ['View Lot Details', 'Call For Availability', 'Good Hope Bay'],
  },
  {
    path: '/contact',
    file: 'contact/index.html',
    title: 'Contact Us',
    h1: 'Contact Us',
    text: ['Send us a message', 'Select an interest', 'Monday - Sunday, 9AM - 5PM', site.phone, site.email],
  },
] as const;

const read = (f: string) => readFileSync(`${CLIENT}/${f}`, 'utf8');
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
const textOf = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^<>]+>/g, ' ')
      .replace(/<!--.*?-->/g, '')
      .replace(/\s+/g, ' '),
  );

/** Each route's HTML: its prerendered file, or (file null) what the gateway renders now. */
const served = new Map<string, string>();
let stack: Stack | undefined;
beforeAll(async () => {
  if (!existsSync(`${ROOT}web/dist`))
    execFileSync('pnpm', ['--filter', '@lp/web', 'build'], { cwd: ROOT, stdio: 'inherit' });
  stack = await startStack();
  for (const r of ROUTES)
    served.set(r.path, r.file ? read(r.file) : await (await fetch(`${stack.baseUrl}${r.path}`)).text());
}, 180_000);
afterAll(() => stack?.stop());

describe.each(ROUTES)('served $path', (route) => {
  const html = () => served.get(route.path) ?? '';

  it('has title, description, canonical, Open Graph and Twitter tags', () => {
    const h = html();
    expect(decode(attr(h, /<title>([^<]+)<\/title>/) ?? '')).toContain(route.title);
    expect((attr(h, /<meta name="description" content="([^"]+)"/) ?? '').length).toBeGreaterThan(50);
    expect(attr(h, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${site.origin}${'canonical' in route ? route.canonical : route.path}`,
    );
    expect(decode(attr(h, /<meta property="og:title" content="([^"]+)"/) ?? '')).toContain(route.title);
    expect(attr(h, /<meta property="og:image" content="([^"]+)"/)).toBe(`${site.origin}${site.social.image}`);
    expect(attr(h, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
    expect(h).toMatch(/<html lang="en">/);
  });

  it('has the business JSON-LD', () => {
    const json = attr(html(), /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
    const ld = JSON.parse(json ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@type': 'RealEstateAgent',
      name: site.brand,
      telephone: site.phone,
      openingHours: site.office.openingHours,
      address: { streetAddress: site.office.street, addressLocality: site.office.city },
      geo: { latitude: site.office.geo.latitude },
    });
  });

  it('has exactly one h1 and its main text in the HTML', () => {
    const h = html();
    expect(h.match(/<h1[\s>]/g)).toHaveLength(1);
    const text = textOf(h);
    expect(text).toContain(route.h1);
    for (const t of route.text) expect(text).toContain(t);
  });
});

describe('other build outputs', () => {
  it('404.html is the not-found page, noindex', () => {
    const h = read('404.html');
    expect(textOf(h)).toContain('404 Page Not Found');
    expect(textOf(h)).toContain(
      "The page you're looking for could not be found. Please check the URL or go back to the homepage.",
    );
    expect(h).toContain('<meta name="robots" content="noindex" />');
  });

  it('marketing/index.html is an empty, noindex shell', () => {
    const h = read('marketing/index.html');
    expect(h).toContain('<meta name="robots" content="noindex" />');
    expect(h).toMatch(/<div id="root"><\/div>/);
  });

  it('sitemap.xml lists every public route once, robots.txt points to it', () => {
    const xml = read('sitemap.xml');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The prerendered pages plus the blog and the sitemap page (rendered per request; the
    // gateway adds each article).
    const expected = [...ROUTES.filter((r) => r.path !== '/embed').map((r) => r.path), '/blog', '/sitemap'];
    expect(locs.sort()).toEqual(expected.map((p) => `${site.origin}${p}`).sort());
    const robots = read('robots.txt');
    expect(robots).toContain(`Sitemap: ${site.origin}/sitemap.xml`);
    expect(robots).toContain('Disallow: /marketing');
  });

  it('pages rendered per request are not prerendered; the shell has their preload links', () => {
    expect(existsSync(`${CLIENT}/sitemap/index.html`)).toBe(false);
    expect(existsSync(`${CLIENT}/blog/index.html`)).toBe(false);
    const shell = JSON.parse(readFileSync(`${ROOT}web/dist/server/page-shell.json`, 'utf8')) as {
      preload: Record<string, string>;
    };
    expect(existsSync(`${CLIENT}/map/index.html`)).toBe(false);
    expect(Object.keys(shell.preload).sort()).toEqual([
      'blog',
      'blog-article',
      'builder-package',
      'home',
      'lot',
      'lot-map',
      'sitemap',
    ]);
    expect(shell.preload.sitemap).toContain('rel="modulepreload"');
  });

  it('no public page references the dashboard chunk', () => {
    const dashboardChunks = readdirSync(`${CLIENT}/assets`).filter((f) => f.startsWith('dashboard-'));
    expect(dashboardChunks.length).toBeGreaterThan(0);
    for (const h of [...served.values(), read('404.html')])
      for (const chunk of dashboardChunks) expect(h).not.toContain(chunk);
  });
});
