/**
 * Browser journeys over the public pages on the real stack: key texts, links and anchors,
 * the mobile menu at 375 px, back-to-top, scroll and page-view behaviour on navigation, the
 * sitemap's article links in its served HTML and its article-list states, the not-found page,
 * and axe-core on every public page.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { site } from '@lp/contracts';
import { useStackAndBrowser } from '../support/fixtures.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { stack, browser } = useStackAndBrowser();

/** Resolves once the page has rendered two more frames: scroll and input handlers have run, React has re-rendered. */
const twoFrames = (p: Page) =>
  p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function open(path: string, width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.route(/youtube|nps\.gov|lakepowell\.com|cityofpage|visitarizona|weather\.gov/, (r) => r.abort());
  await page.goto(`${stack.baseUrl}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  return page;
}

/** The contact form's "I'm interested in" value ('' while it cannot be read yet). */
const interestIn = (page: Page) =>
  page
    .getByLabel("I'm interested in")
    .inputValue()
    .catch(() => '');

describe('home page', () => {
  it('shows the hero, the eight sections in order and the key links', async () => {
    const page = await open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Lots For Sale in Lake Powell, AZ',
    );
    expect(await page.getByText('Available Now - Starting at $55,000').isVisible()).toBe(true);
    const ids = await page.$$eval('main > section[id]', (els) => els.map((e) => e.id));
    expect(ids).toEqual([
      'home',
      'introduction',
      'video',
      'map',
      'builder-package',
      'amenities',
      'financing',
      'contact',
    ]);
    expect(await page.getByRole('link', { name: 'View Complete Builder Package' }).getAttribute('href')).toBe(
      '/builder-package-1',
    );
    expect(await page.getByRole('link', { name: 'Explore Complete Market Data' }).getAttribute('href')).toBe('/market');
    const newTab = page.getByRole('link', { name: /Open in New Tab/ });
    expect(await newTab.getAttribute('href')).toBe(site.lotViewerUrl);
    expect(await newTab.getAttribute('target')).toBe('_blank');
    const frame = page.locator('iframe[title="Interactive lot map"]');
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('height')).toBe('800');
    expect(await page.locator(`a[href="${site.phoneHref}"]`).count()).toBeGreaterThan(2);
    await page.close();
  });

  it('loads no video frame until play is pressed, then the no-cookie player', async () => {
    const page = await open('/');
    expect(await page.locator('iframe[src*="youtube"]').count()).toBe(0);
    if (!site.videoId) {
      // No recorded tour configured: the section offers a live video walk-through instead.
      await page.getByText('Take a live video tour of the lots').waitFor();
      expect(await page.locator('#video').getByRole('link', { name: site.phone }).count()).toBe(1);
    } else {
      await page.getByRole('button', { name: /Play the video/ }).click();
      expect(await page.locator('iframe').first().getAttribute('src')).toContain(
        `youtube-nocookie.com/embed/${site.videoId}`,
      );
    }
    await page.close();
  });

  it('hero buttons scroll to their anchors; back-to-top appears past 300 px', async () => {
    const page = await open('/');
    expect(await page.getByRole('button', { name: 'Back to top' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View Available Lots' }).click();
    await page.waitForFunction(
      () => Math.abs(document.getElementById('map')?.getBoundingClientRect().top ?? 9999) < 120,
    );
    await page.getByRole('button', { name: 'Back to top' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await twoFrames(page);
    expect(await page.getByRole('button', { name: 'Back to top' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 350));
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
    await page.close();
  });
});

describe('navigation', () => {
  it('anchor links from another page go to /#anchor and scroll there', async () => {
    const page = await open('/market');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Financing' }).click();
    await page.waitForURL(`${stack.baseUrl}/#financing`);
    await page.waitForFunction(
      () => Math.abs(document.getElementById('financing')?.getBoundingClientRect().top ?? 9999) < 120,
    );
    await page.close();
  });

  it('a new path scrolls to the top and is tracked; a hash change does not scroll', async () => {
    const page = await open('/market');
    const pixels: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/api/analytics/pixel') && pixels.push(new URL(r.url()).searchParams.get('p') ?? ''),
    );
    await page.getByRole('link', { name: 'Explore Market Data' }).click();
    await page.waitForFunction(() => window.scrollY > 300);
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Builder package' }).click();
    await page.waitForURL(`${stack.baseUrl}/builder-package-1`);
    await page.waitForFunction(() => window.scrollY === 0);
    await expect.poll(() => pixels).toContain('/builder-package-1');
    expect(await page.title()).toContain('Builder Package');
    await page.close();
  });

  it('mobile menu at 375 px opens, lists its items and closes on choose', async () => {
    const page = await open('/', 375);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Map', 'Financing', 'Investments', 'Blog', 'Contact', `Call ${site.phone}`]) {
      await menu.getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Investments' }).click();
    await page.waitForURL(`${stack.baseUrl}/investment`);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#mobile-menu').getAttribute('data-state')).toBe('closed');
    await page.close();
  });

  it('unknown paths get the not-found page with status 404', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${stack.baseUrl}/no-such-page`);
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    expect(
      await page
        .getByText("The page you're looking for could not be found. Please check the URL or go back to the homepage.")
        .isVisible(),
    ).toBe(true);
    await page.close();
  });
});

describe('content pages', () => {
  it('market has every anchor of the spec', async () => {
    const page = await open('/market');
    for (const id of [
      'hero',
      'location-overview',
      'market-ranking',
      'market-data',
      'housing-market',
      'supply-demand',
      'investment-appeal',
      'investment-highlights',
      'investor-takeaways',
      'contact',
    ]) {
      expect(await page.locator(`#${id}`).count(), id).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Explore Market Data' }).getAttribute('href')).toBe('#market-data');
    await page.close();
  });

  it('investment ends with Sedona vs Page and a form defaulting to short-term rental', async () => {
    const page = await open('/investment');
    expect(await page.getByRole('heading', { name: 'Sedona vs. Page' }).isVisible()).toBe(true);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect.poll(() => interestIn(page)).toBe('Short Term Rental Investment');
    await page.close();
  });

  it('builder package links to its lot details and defaults the form to Builder Package', async () => {
    const page = await open('/builder-package-1');
    expect(await page.getByRole('link', { name: 'View Lot Details' }).getAttribute('href')).toBe('#lot-details');
    expect(await page.getByRole('heading', { name: 'Call For Availability' }).isVisible()).toBe(true);
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect.poll(() => interestIn(page)).toBe('Builder Package');
    await page.close();
  });

  it('sitemap lists the pages and every article in its served HTML, hydrates without a loading flash', async () => {
    const page = await browser.newPage();
    // Notes whether the loading line is ever in the document, from the first parsed byte on.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading articles...'))
          (window as unknown as { sawLoading: boolean }).sawLoading = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${stack.baseUrl}/sitemap`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const main = page.getByRole('main');
    for (const name of [
      'Home',
      'Market Overview',
      'Investment Opportunities',
      'Interactive Map',
      'Sitemap',
      'Blog Home',
    ]) {
      await main.getByRole('link', { name, exact: true }).waitFor();
    }
    const articles = (await (await stack.api('/api/blog/articles')).json()) as { slug: string; title: string }[];
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles)
      expect(await main.getByRole('link', { name: a.title, exact: true }).getAttribute('href')).toBe(`/blog/${a.slug}`);
    expect(await page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading ?? false)).toBe(false);
    const xml = page.getByRole('link', { name: /XML sitemap/ });
    expect(await xml.getAttribute('href')).toBe('/sitemap.xml');
    expect(await xml.getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it("sitemap shows the article list's empty and error states when reached inside the app", async () => {
    const page = await open('/');
    let reply: { status: number; body: string } = { status: 200, body: '[]' };
    await page.route('**/api/blog/articles', (r) =>
      r.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body }),
    );
    const visitSitemap = async () => {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap', exact: true }).click();
      await page.waitForURL('**/sitemap');
    };
    await visitSitemap();
    await page.getByText('No articles found').waitFor();
    reply = { status: 500, body: '{"error":{"message":"x","code":"internal"}}' };
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await visitSitemap();
    await page.getByText('Error loading articles').waitFor();
    await page.close();
  });
});

describe('accessibility (axe-core)', () => {
  const PAGES = [
    '/',
    '/map',
    '/embed',
    '/market',
    '/investment',
    '/builder-package-1',
    '/contact',
    '/sitemap',
    '/blog',
    '/blog/buying-a-lot-near-lake-powell',
    '/blog/no-such-article',
    '/no-such-page',
  ];
  it.each(PAGES)('%s has no serious or critical violations', async (path) => {
    const page = await open(path, 1280);
    if (!path.includes('map') && !path.includes('embed')) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      // Lazy parts (the shared form) load as they near the viewport: check them, not their placeholder.
      await page.waitForFunction(() => !document.body.innerText.includes('Loading the contact form'));
      await twoFrames(page);
    }
    // Through DevTools, not as an inline <script>: the site's Content-Security-Policy refuses those.
    await page.evaluate(AXE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: Document,
              opts: object,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const r = await axe.run(document, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
    });
    expect(violations).toEqual([]);
    await page.close();
  });
});
