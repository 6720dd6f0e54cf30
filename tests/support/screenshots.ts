/** Screenshots browser tests keep when asked to (a folder named in an environment variable). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Keeps a full-page screenshot as `<dir>/<name>.png` when `dir` is set (from E2E_SCREENSHOTS),
 * creating the folder; does nothing otherwise.
 */
export async function screenshotInto(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Keeps full-page screenshots at 1440 and 375 px wide as `<dir>/<name>-<width>.png` when `dir` is
 * set (from SCREENSHOTS_DIR), then leaves the page at 1440 px; does nothing otherwise.
 */
export async function screenshotAtBothWidths(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * A dialog seen at 1440 and at 375 px wide: at 375 it must fit the screen (nothing cut off at
 * either side, no sideways scrolling inside it). Keeps `<name>-w1440.png` and `<name>-w375.png`
 * when E2E_SCREENSHOTS names a folder; leaves the page at 1440 px.
 */
export async function shootDialog(page: Page, dialog: Locator, name: string): Promise<void> {
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, `${name}-w1440`);
  await page.setViewportSize({ width: 375, height: 800 });
  const fits = await dialog.evaluate((d) => {
    const box = d.getBoundingClientRect();
    return { scrolls: d.scrollWidth > d.clientWidth, left: box.left, right: box.right };
  });
  expect(fits.scrolls).toBe(false);
  expect(fits.left).toBeGreaterThanOrEqual(0);
  expect(fits.right).toBeLessThanOrEqual(375);
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, `${name}-w375`);
  await page.setViewportSize({ width: 1440, height: 900 });
}
