/**
 * Chromium for browser tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH) driven by playwright-core.
 * Never downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const chromiumPath = (): string | undefined =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );

/** Headless, sandbox-free (root) and quiet: no background connections on a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: install the chromium package or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/**
 * Opens a dashboard screen by its nav entry, as a person does: on a phone the entries sit behind
 * the nav's Menu button.
 */
export async function openDashboardScreen(page: Page, label: string | RegExp): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const menu = nav.getByRole('button', { name: /^Menu/ });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', typeof label === 'string' ? { name: label, exact: true } : { name: label }).click();
}

/** Signs staff in on the dashboard's login screen, as a person does, and waits for the dashboard's nav. */
export async function signInToDashboard(
  page: Page,
  stack: { baseUrl: string; admin: { username: string; password: string } },
): Promise<void> {
  await page.goto(`${stack.baseUrl}/marketing`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
}
