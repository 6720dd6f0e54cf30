/**
 * The staff Lots screen in a browser: filter by status and tag, sort by price,
 * change a status inline, edit a lot in the dialog (a bad price is refused beside its field),
 * mark several lots sold at once; then the public map, opened afresh on a phone-sized
 * screen, shows those lots sold, the new price and the new counts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStackAndBrowser } from '../support/fixtures.ts';

const { stack, browser } = useStackAndBrowser();

const dataRows = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByRole('checkbox', { name: /^Select lot/ }) });

describe('staff lots screen', () => {
  it('filters, sorts, changes, edits and bulk-sells lots; the public map shows the result on its next load', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${stack.baseUrl}/marketing`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Lots' }).click();
    await page.getByRole('heading', { name: 'Lots', level: 1 }).waitFor();
    await expect.poll(() => dataRows(page).count()).toBe(30);

    const statusFilter = page.getByLabel('Status', { exact: true });
    await statusFilter.selectOption('sold');
    await expect.poll(() => dataRows(page).count()).toBe(5);
    await statusFilter.selectOption('all');
    await page.getByLabel('Tag', { exact: true }).selectOption('builder-package');
    expect(await dataRows(page).allInnerTexts()).toHaveLength(5);
    await page.getByLabel('Tag', { exact: true }).selectOption('all');

    await page.getByRole('button', { name: /^Price/ }).click();
    expect(await page.getByRole('columnheader', { name: /^Price/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await dataRows(page).first().innerText()).toContain('$55,000');
    await page.getByRole('button', { name: /^Lot/ }).click();

    await page.getByLabel('Status of lot 20').selectOption('sold');
    await page.getByText('Lot 20 is now sold.').waitFor();

    await page.getByRole('button', { name: 'Edit lot 21' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit lot 21' });
    await dialog.getByLabel('Price (USD)').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Price must be positive').waitFor();
    await dialog.getByLabel('Price (USD)').fill('61000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Lot 21 was saved.').waitFor();
    expect(await page.getByRole('row', { name: /Lot 21/ }).innerText()).toContain('$61,000');

    await page.getByLabel('Select lot 22').check();
    await page.getByLabel('Select lot 23').check();
    await page.getByRole('button', { name: 'Mark selected sold' }).click();
    await page.getByText('Mark lots 22, 23 sold?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 lots marked sold.').waitFor();
    expect(await page.getByLabel('Status of lot 23').inputValue()).toBe('sold');

    // The edit dialog's history names who changed the lot.
    await page.getByRole('button', { name: 'Edit lot 21' }).click();
    await page.getByRole('dialog').getByText(`${stack.admin.username},`).waitFor();
    await page.keyboard.press('Escape');

    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${stack.baseUrl}/map`);
    await phone.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    for (const n of [20, 22, 23])
      expect(await phone.locator(`[data-lot="${n}"]`).getAttribute('aria-label')).toMatch(
        new RegExp(`^Lot ${n}, Sold,`),
      );
    expect(await phone.locator('[data-lot="21"]').getAttribute('aria-label')).toContain('$61,000');
    await phone.getByText('22 of 30 lots available').waitFor();
    await phone.locator('[data-lot="22"]').click();
    await phone.getByRole('region', { name: 'Lot 22 details' }).getByText('Sold', { exact: true }).first().waitFor();
    await phone.close();
    await page.close();
  });
});
