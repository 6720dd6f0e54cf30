/** Screenshots browser tests keep when asked to (a folder named in an environment variable). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

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
