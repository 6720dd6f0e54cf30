/**
 * The lot map (/map, /embed) in a browser: page scroll locked, zoom toggle ×1.5, drag-to-pan
 * only when zoomed (mouse), pan buttons and arrow keys, zoom-out reset, lots selectable by
 * pointer and keyboard with accessible names, the lot list with the legend beside it, and the
 * home page's map frame, which must not trap wheel or touch scrolls while zoomed out.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { useStackAndBrowser } from '../support/fixtures.ts';

let page: Page;
const { stack, browser } = useStackAndBrowser();

/** Resolves once the page has rendered two more frames: scroll and input handlers have run, React has re-rendered. */
const twoFrames = (p: Page) =>
  p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function open(path: string) {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}
const LEGEND = ['Available Lots', 'Premium Lake View', 'Featured Lots', 'Sold Lots'];
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
    await twoFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const t of LEGEND) await page.getByText(t, { exact: true }).waitFor();
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

  it('offers every lot in a list as a non-map alternative, with the legend still shown', async () => {
    await page.getByRole('button', { name: 'Show lot list' }).click();
    const items = page.locator('#lot-list button');
    expect(await items.count()).toBe(30);
    for (const t of LEGEND) expect(await page.getByText(t, { exact: true }).isVisible()).toBe(true);
    await items.nth(0).click();
    await page.getByRole('region', { name: 'Lot 1 details' }).waitFor();
    await page.close();
  });

  it('on a 375 px phone the open list keeps the legend in view without covering the controls', async () => {
    page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto(`${stack.baseUrl}/map`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.getByRole('button', { name: 'Show lot list' }).click();
    const boxes = await Promise.all(LEGEND.map((t) => page.getByText(t, { exact: true }).boundingBox()));
    const list = (await page.locator('#lot-list').boundingBox())!;
    const panDown = (await page.getByRole('button', { name: 'Pan down' }).boundingBox())!;
    const title = (await page.getByRole('heading', { name: 'Interactive Lot Map' }).boundingBox())!;
    for (const b of boxes) {
      expect(b!.y).toBeGreaterThanOrEqual(panDown.y + panDown.height);
      expect(b!.x + b!.width).toBeLessThanOrEqual(375);
      expect(b!.y + b!.height).toBeLessThanOrEqual(list.y);
    }
    expect(list.y).toBeGreaterThan(title.y + title.height);
    expect(list.y + list.height).toBeLessThanOrEqual(667);

    // Picking a lot shows its details, whole, in place of the list; focus stays on the toggle.
    await page.locator('#lot-list button').nth(11).click();
    const details = page.getByRole('region', { name: 'Lot 12 details' });
    await details.waitFor();
    const d = (await details.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(375);
    expect(d.y + d.height).toBeLessThanOrEqual(667);
    expect(await page.locator('#lot-list').count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close lot details');
    // Closing the details gives the bar back, with focus on the list toggle.
    await page.keyboard.press('Enter');
    expect(await details.count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Show lot list');
    await page.close();
  });

  it('/embed shows the same map without the link back to the site', async () => {
    await open('/embed');
    expect(await page.getByRole('heading', { name: 'Interactive Lot Map' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Back to/ }).count()).toBe(0);
    await page.close();
  });
});

describe("the home page's map frame", () => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  /** Opens the home page with the /embed frame's top at the top of the viewport. */
  async function openHome(options: { width: number; height: number; touch?: boolean }): Promise<Frame> {
    const { touch = false, ...viewport } = options;
    page = await browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
    await page.goto(`${stack.baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const iframe = page.locator('iframe[src$="/embed"]');
    await iframe.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    const frame = (await (await iframe.elementHandle())!.contentFrame())!;
    await frame.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    return frame;
  }
  /** A one-finger swipe up (content moves up) through the DevTools protocol, as a phone sends it. */
  async function swipeUp(x: number, y: number, distance = 300) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: y - (distance * i) / 10 }],
      });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  it('a wheel scroll over the frame scrolls the home page; /embed keeps no overscroll lock', async () => {
    const frame = await openHome({ width: 1280, height: 800 });
    expect(await frame.evaluate(() => document.documentElement.classList.contains('overscroll-none'))).toBe(false);
    const box = (await page.locator('iframe[src$="/embed"]').boundingBox())!;
    const before = await scrollY();
    await page.mouse.move(box.x + box.width / 2, box.y + 400);
    await page.mouse.wheel(0, 500);
    await expect.poll(scrollY).toBeGreaterThan(before + 100);
    await page.close();
  });

  it('on a phone a vertical swipe over the zoomed-out map scrolls the page; zoomed in it pans the map', async () => {
    const frame = await openHome({ width: 375, height: 700, touch: true });
    // The sticky header covers the frame's top edge, where the zoom button sits: click it directly.
    await frame.getByRole('button', { name: 'Zoom in' }).dispatchEvent('click');
    const before = await scrollY();
    const frameTransform = () => frame.locator('svg g[transform]').first().getAttribute('transform');
    const zoomed = await frameTransform();
    await swipeUp(187, 450, 150);
    await expect.poll(frameTransform).not.toBe(zoomed);
    await twoFrames(page);
    expect(await scrollY()).toBe(before);

    await frame.getByRole('button', { name: 'Zoom out' }).dispatchEvent('click');
    await swipeUp(187, 450);
    await expect.poll(scrollY).toBeGreaterThan(before + 100);
    await page.close();
  });
});
