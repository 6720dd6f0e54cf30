/**
 * The lot map (/map, /embed) in a browser: page scroll locked, zoom toggle ×1.5, drag-to-pan
 * only when zoomed (mouse), pan buttons and arrow keys, zoom-out reset, lots selectable by
 * pointer and keyboard with accessible names, and the lot list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function open(path: string) {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}
const transform = () => page.locator('svg g[transform]').first().getAttribute('transform');
const translate = async () => {
  const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec((await transform()) ?? '');
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
};

describe('lot map', () => {
  it('locks page scrolling and shows the legend', async () => {
    await open('/map');
    expect(await page.evaluate(() => document.documentElement.classList.contains('overflow-hidden'))).toBe(true);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const t of ['Available Lots', 'Premium Lake View', 'Featured Lots', 'Sold Lots'])
      await page.getByText(t, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /Back to/ }).count()).toBe(1);
  });

  it('drag does nothing zoomed out; zoom in ×1.5 then drag pans; zoom out resets', async () => {
    expect(await transform()).toBe('');
    expect(await page.getByRole('button', { name: 'Pan left' }).isDisabled()).toBe(true);
    await page.mouse.move(640, 500);
    await page.mouse.down();
    await page.mouse.move(540, 450, { steps: 5 });
    await page.mouse.up();
    expect(await transform()).toBe('');

    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await transform()).toContain('scale(1.5)');
    const before = await translate();
    await page.mouse.move(640, 500);
    await page.mouse.down();
    await page.mouse.move(700, 540, { steps: 5 });
    await page.mouse.up();
    const after = await translate();
    expect(after!.x).toBeGreaterThan(before!.x);
    expect(after!.y).toBeGreaterThan(before!.y);

    await page.getByRole('button', { name: 'Zoom out' }).click();
    expect(await transform()).toBe('');
  });

  it('pans with the buttons and the arrow keys while zoomed', async () => {
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const start = await translate();
    await page.getByRole('button', { name: 'Pan left' }).click();
    expect((await translate())!.x).toBeGreaterThan(start!.x);
    await page.getByRole('group', { name: /Lot map/ }).focus();
    const beforeKey = await translate();
    await page.keyboard.press('ArrowDown');
    expect((await translate())!.y).toBeLessThan(beforeKey!.y);
    await page.keyboard.press('-');
    expect(await transform()).toBe('');
  });

  it('selects lots by click and by keyboard, each with an accessible name', async () => {
    const lot = page.getByRole('button', { name: /^Lot 14, Featured/ });
    expect(await lot.getAttribute('aria-label')).toMatch(
      /^Lot 14, Featured \(builder package\), \$55,000, [\d,]+ sq ft$/,
    );
    await lot.click();
    await page.getByRole('region', { name: 'Lot 14 details' }).waitFor();
    await page.getByRole('button', { name: /^Lot 3, Sold/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Lot 3 details' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ask about lot 3' }).count()).toBe(0);
  });

  it('offers every lot in a list as a non-map alternative', async () => {
    await page.getByRole('button', { name: 'Show lot list' }).click();
    const items = page.locator('#lot-list button');
    expect(await items.count()).toBe(30);
    await items.nth(0).click();
    await page.getByRole('region', { name: 'Lot 1 details' }).waitFor();
    await page.close();
  });

  it('/embed shows the same map without the link back to the site', async () => {
    await open('/embed');
    expect(await page.getByRole('heading', { name: 'Interactive Lot Map' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Back to/ }).count()).toBe(0);
    await page.close();
  });
});
