/**
 * The Import Contacts dialog's column mapping in Chromium against the real gateway and crm: a
 * real export (Mailchimp's audience saved by a European Excel: Windows-1252, semicolons) is
 * picked, its columns are shown with the field each goes to and the first rows as they will be
 * stored; staff set the phone column to Skip, the preview drops the phone at once, the import
 * runs, and the contact is stored without a phone. E2E_SCREENSHOTS=<dir> keeps the dialog at
 * 1440 and 375 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@lp/contracts';
import { openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';

let token: string;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    token = await stack.login();
  },
});

const shot = (page: Page, name: string) => screenshotInto(process.env.E2E_SCREENSHOTS, page, name);
const FIXTURE = new URL(
  '../../services/gateway/src/staff-api/contacts/fixtures/mailchimp-excel-semicolon.csv',
  import.meta.url,
);

describe('the import column mapping', () => {
  it('shows a real export’s columns, skips the one set to Skip, and stores the contact without it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInToDashboard(page, stack);
    await openDashboardScreen(page, 'Contacts');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Contacts' });
    await importer.getByLabel('CSV file').setInputFiles({
      name: 'mailchimp-audience.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(FIXTURE),
    });

    // The file's columns, the field each goes to by its name, and the first rows as they will be stored.
    await importer.getByRole('heading', { name: 'Columns of the file' }).waitFor();
    await importer.getByText('Read as Windows-1252 text, columns separated by semicolons.').waitFor();
    const column = (name: string) => importer.getByLabel(name, { exact: true });
    expect(await column('Email Address').inputValue()).toBe('email');
    expect(await column('Phone Number').inputValue()).toBe('phone');
    expect(await column('MEMBER_RATING').inputValue()).toBe('');
    // Mailchimp's TAGS column fills the contact's tags.
    expect(await column('TAGS').inputValue()).toBe('tags');
    await importer.getByText(/^Not imported: MEMBER_RATING, OPTIN_TIME, .*, EUID\.$/).waitFor();
    const stored = importer.getByRole('table', { name: 'First rows as they will be stored' });
    const anna = stored.getByRole('row', { name: /anna\.schroeder@example\.de/ });
    await anna.getByRole('cell', { name: 'Schröder', exact: true }).waitFor();
    await anna.getByRole('cell', { name: '+49 30 987654', exact: true }).waitFor();

    // Phone Number set to Skip: the preview drops the phone at once and names the column.
    await column('Phone Number').selectOption({ label: 'Skip' });
    await importer.getByText(/^Not imported: Phone Number, MEMBER_RATING, /).waitFor();
    expect(await anna.getByRole('cell', { name: '+49 30 987654' }).count()).toBe(0);
    await shot(page, 'import-mapping-w1440');
    await page.setViewportSize({ width: 375, height: 800 });
    // The dialog fits the narrow screen: the table scrolls inside it, the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'import-mapping-w375');
    await stored.scrollIntoViewIfNeeded();
    await shot(page, 'import-mapping-rows-w375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByText('Imported 2 contacts successfully (2 new, 0 updated).').waitFor();
    await importer.getByText(/^Columns not imported: Phone Number, MEMBER_RATING, /).waitFor();
    await shot(page, 'import-mapping-imported-w1440');
    await importer.getByRole('button', { name: 'Close' }).first().click();

    // The contact as stored: every mapped field, and no phone.
    await page.getByLabel('Search contacts').fill('anna.schroeder');
    const row = page.getByRole('row', { name: /Anna Schröder/ });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: '+49 30 987654' }).count()).toBe(0);
    const found = (await (await stack.api('/api/marketing/contacts?q=anna.schroeder', { token })).json()) as Contact[];
    expect(found).toEqual([
      expect.objectContaining({
        email: 'anna.schroeder@example.de',
        firstName: 'Anna',
        lastName: 'Schröder',
        phone: null,
        metadata: expect.objectContaining({ address: 'Hauptstraße 5; 10115 Berlin' }),
      }),
    ]);
    // Lars's `"lot 7"` (Mailchimp quotes each tag) is the tag lot 7.
    const lars = (await (await stack.api('/api/marketing/contacts?q=lars@example.se', { token })).json()) as Contact[];
    expect(lars.map((c) => c.tags)).toEqual([['lot 7']]);
    await page.close();
  });
});
