/**
 * Bulk actions on 50,000 contacts as staff use them, in Chromium against the real gateway and
 * crm: search, "Select all N matching" (not only the loaded page), Add to List, the list's count
 * on the Lists screen, Delete confirmed with the count; every count with thousands separators.
 * At 1440 px the whole journey, at 375 px the selection bar. E2E_SCREENSHOTS=<dir> keeps screenshots.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ContactList } from '@lp/contracts';
import { openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { seedContacts } from '../support/seed-contacts.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';

let token: string;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    token = await stack.login();
    await seedContacts(stack);
  },
  timeout: 120_000,
});

const shot = (page: Page, name: string) => screenshotInto(process.env.E2E_SCREENSHOTS, page, name);

async function signedIn(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, path);
  return page;
}
const api = (path: string, body?: unknown) => stack.api(path, { token, body });
const matching = async (q: string) =>
  Number((await api(`/api/marketing/contacts?limit=1&q=${q}`)).headers.get('x-total-count'));
const fmt = (n: number) => n.toLocaleString('en-US');

describe('contacts bulk actions at 50,000 contacts', () => {
  it('selects all contacts matching a search, adds them to a list, and the list counts them all', async () => {
    const list = (await (await api('/api/marketing/lists', { name: 'Every Kai' })).json()) as ContactList;
    const kais = await matching('kai');
    expect(kais).toBeGreaterThan(1000);
    const page = await signedIn('Contacts', 1440);
    await page.getByText('Showing 100 of 50,000 contacts').waitFor();

    await page.getByLabel('Search contacts').fill('kai');
    await page.getByText(`Showing 100 of ${fmt(kais)} contacts`).waitFor();
    await page.getByLabel('Select all').check();
    const bar = page.getByRole('region', { name: 'Selected contacts' });
    await bar.getByText('100 selected').waitFor();
    await bar.getByRole('button', { name: `Select all ${fmt(kais)} matching` }).click();
    await bar.getByText(`All ${fmt(kais)} matching contacts selected`).waitFor();
    await shot(page, 'contacts-all-matching-w1440');

    await page.getByRole('button', { name: `Add to List (${fmt(kais)})` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to List' });
    await dialog.getByText(`${fmt(kais)} contacts selected`).waitFor();
    await dialog.getByLabel('List').selectOption({ label: 'Every Kai · 0 contacts' });
    await dialog.getByRole('button', { name: 'Add to List' }).click();
    await page
      .getByText(`Added ${fmt(kais)} contacts to list`, { exact: true })
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await openDashboardScreen(page, 'Lists');
    await page
      .getByRole('row', { name: /Every Kai/ })
      .getByText(fmt(kais), { exact: true })
      .waitFor();
    await shot(page, 'lists-after-bulk-w1440');
    expect(list.id).toBeGreaterThan(0);

    // Delete, confirmed with the count, reaches the whole match too.
    await openDashboardScreen(page, 'Contacts');
    const moreaus = await matching('moreau');
    await page.getByLabel('Search contacts').fill('moreau');
    await page.getByText(`Showing 100 of ${fmt(moreaus)} contacts`).waitFor();
    await page.getByLabel('Select all').check();
    await bar.getByRole('button', { name: `Select all ${fmt(moreaus)} matching` }).click();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Contacts' });
    await confirm.getByText(`Delete ${fmt(moreaus)} contacts?`, { exact: false }).waitFor();
    await shot(page, 'contacts-delete-confirm-w1440');
    await confirm.getByRole('button', { name: `Delete ${fmt(moreaus)} contacts` }).click();
    await page
      .getByText(`Deleted ${fmt(moreaus)} contacts`, { exact: true })
      .first()
      .waitFor();
    await page.getByText('No contacts match your search').waitFor();
    expect(await matching('moreau')).toBe(0);
    await page.close();
  });

  it('shows the selection bar on a phone', async () => {
    const page = await signedIn('Contacts', 375);
    await page.getByLabel('Search contacts').fill('novak');
    const novaks = await matching('novak');
    await page.getByText(`Showing 100 of ${fmt(novaks)} contacts`).waitFor();
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: `Select all ${fmt(novaks)} matching` }).click();
    await page.getByText(`All ${fmt(novaks)} matching contacts selected`).waitFor();
    await shot(page, 'contacts-all-matching-w375');
    await page.getByRole('button', { name: 'Change Status' }).click();
    await page.getByRole('dialog', { name: 'Change Status' }).getByLabel('New status').waitFor();
    await shot(page, 'contacts-change-status-w375');
    await page.close();
  });
});
