/**
 * The Content-Security-Policy in a real browser: every public page of the sitemap, the lot map
 * and the not-found page load, hydrate and run with no policy violation, and so does every
 * screen of the dashboard's navigation after sign-in; the lot map (`/embed`) may be framed by
 * an origin named in EMBED_FRAME_ANCESTORS and by no other, and no other page by a foreign site.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
let browser: Browser;
let framer: Server;
let framerPort: number;

/** A foreign site: a page that frames the path it is given from the stack. */
function startFramer(): Promise<number> {
  framer = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>seller</title><iframe id="f" src="${stack.baseUrl}${target}"></iframe>`);
  });
  return new Promise((r) => framer.listen(0, '127.0.0.1', () => r((framer.address() as { port: number }).port)));
}

beforeAll(async () => {
  framerPort = await startFramer();
  [stack, browser] = await Promise.all([
    // `localhost` is the seller's site; the same server reached as 127.0.0.1 is a foreign one.
    startStack({ env: { EMBED_FRAME_ANCESTORS: `http://localhost:${framerPort}` } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  framer?.close();
});

type Violation = { directive: string; blocked: string };

/** A page that records every CSP violation (events and console reports) from its first script on. */
async function watchedPage(width = 1440): Promise<{ page: Page; violations: () => Promise<Violation[]> }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.route(/youtube|nps\.gov|lakepowell\.com|cityofpage|visitarizona|weather\.gov/, (r) => r.abort());
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.violatedDirective, blocked: e.blockedURI }),
    );
  });
  const reported: Violation[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) reported.push({ directive: 'console', blocked: m.text() });
  });
  const violations = async () => [
    ...reported,
    ...(await page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp)),
  ];
  return { page, violations };
}

const ready = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.ready === 'true');

describe('Content-Security-Policy in Chromium', () => {
  // One browser page per sitemap entry (every lot and article): about 55 s on an idle two-core
  // machine, past the 90 s default under load.
  it('every public page loads and hydrates with no violation', { timeout: 240_000 }, async () => {
    const sitemap = await (await fetch(`${stack.baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '/');
    expect(paths.length).toBeGreaterThan(5);
    for (const path of [...paths, '/embed', '/no-such-page']) {
      const { page, violations } = await watchedPage();
      const res = await page.goto(`${stack.baseUrl}${path}`);
      expect(res?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
      expect(res?.headers()['content-security-policy'], path).not.toMatch(/script-src[^;]*unsafe-inline/);
      await ready(page);
      expect(await violations(), path).toEqual([]);
      await page.close();
    }
  });

  it('every dashboard screen of the navigation works after sign-in with no violation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${stack.baseUrl}/marketing`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.waitFor();
    const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links.length).toBeGreaterThan(2);
    for (const path of links) {
      await nav.locator(`a[href="${path}"]`).first().click();
      await page.waitForURL(`${stack.baseUrl}${path}`);
      // The screen's chunk has arrived and rendered its title.
      await page.getByRole('main').getByRole('heading').first().waitFor({ timeout: 10_000 });
    }
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('the lot map may be framed by the configured seller site only; other pages by no foreign site', async () => {
    const framed = async (origin: string, src: string) => {
      const page = await browser.newPage();
      await page.goto(`${origin}/?src=${encodeURIComponent(src)}`);
      const frame = await (await page.waitForSelector('#f')).contentFrame();
      // A blocked frame shows Chromium's error page: no lot map content ever arrives.
      const loaded = await frame
        ?.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      await page.close();
      return loaded;
    };
    expect(await framed(`http://localhost:${framerPort}`, '/embed')).toBe(true);
    expect(await framed(`http://127.0.0.1:${framerPort}`, '/embed')).toBe(false);
    expect(await framed(`http://localhost:${framerPort}`, '/map')).toBe(false);
  });
});
