/**
 * Tags and custom fields on contacts, in Chromium, as a marketer sets them up and uses them: define
 * two custom fields (a number and a yes/no), add a contact with tags and values, reopen it (the
 * saved tags and values), type a value its field refuses (the message at the field, nothing
 * saved), fix it and save, show the Tags and a custom field as columns, reload (the columns stay,
 * the values shown), find the contact by a tag, and export the CSV with a column per field. The
 * dialogs fit a 375 px screen. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto, shootDialog } from '../support/screenshots.ts';

const { stack, browser } = useStackAndBrowser({ backend: 'embedded' });

async function signedIn(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${stack.baseUrl}/marketing/contacts`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
  return page;
}

async function addField(dialog: Locator, name: string, type: string): Promise<void> {
  const form = dialog.getByRole('form', { name: 'Add a custom field' });
  await form.getByLabel(/^Field name/).fill(name);
  await form.getByLabel('Type').selectOption({ label: type });
  await form.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByRole('list', { name: 'Custom fields' }).getByText(name, { exact: true }).waitFor();
}

async function openEdit(page: Page, email: string): Promise<Locator> {
  // The row's menu closes on any scroll or resize (it is placed fixed under its button): one that
  // lands just after the click (the table settling after a search) closes it, and a person clicks
  // again. So does this, twice at most.
  const edit = page.getByRole('menuitem', { name: 'Edit' });
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    try {
      await edit.waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Email').waitFor();
  return dialog;
}

const tagsIn = (dialog: Locator) => dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents();

it('defines fields, adds a tagged contact with values, refuses a bad value at its field, shows the columns through a reload, finds by tag and exports', async () => {
  const page = await signedIn();

  await page.getByRole('button', { name: 'Custom fields' }).click();
  const fields = page.getByRole('dialog', { name: 'Custom fields' });
  await addField(fields, 'Lot budget', 'Number');
  await addField(fields, 'Pre-approved', 'Yes/no');
  await shootDialog(page, fields, 'custom-fields-dialog');
  await page.keyboard.press('Escape');
  await fields.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add Contact' });
  await add.getByLabel('Email').fill('rey.tso@example.com');
  await add.getByLabel('First name').fill('Rey');
  const tags = add.getByRole('textbox', { name: 'Tags' });
  await tags.fill('VIP');
  await tags.press('Enter');
  // A tag typed and not confirmed is kept when the focus leaves the box.
  await tags.fill('Lake View');
  await add.getByLabel('Lot budget').fill('250000');
  await add.getByLabel('Pre-approved').selectOption({ label: 'Yes' });
  expect(await tagsIn(add)).toEqual(['vip×', 'lake view×']);
  await shootDialog(page, add, 'contact-with-tags-and-fields');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await page.getByText('Contact added successfully', { exact: true }).first().waitFor();
  await add.waitFor({ state: 'detached' });

  // Reopened: the stored tags and values. A value the field refuses stays in the form, named.
  let edit = await openEdit(page, 'rey.tso@example.com');
  expect(await tagsIn(edit)).toEqual(['vip×', 'lake view×']);
  expect(await edit.getByLabel('Lot budget').inputValue()).toBe('250000');
  expect(await edit.getByLabel('Pre-approved').inputValue()).toBe('yes');
  await edit.getByLabel('Lot budget').fill('about 300k');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.getByText('Lot budget must be a number').waitFor();
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'contact-field-refused');
  await edit.getByLabel('Lot budget').fill('300000');
  await edit.getByRole('button', { name: 'Remove tag vip' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Contact updated', { exact: true }).first().waitFor();
  await edit.waitFor({ state: 'detached' });

  // The optional columns, kept in this browser through a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Tags' }).check();
  await page.getByRole('checkbox', { name: 'Lot budget' }).check();
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('columnheader', { name: 'Lot budget' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'rey.tso@example.com' });
  await row.getByText('300000', { exact: true }).waitFor();
  await row.getByText('lake view', { exact: true }).waitFor();
  expect(await row.getByText('vip', { exact: true }).count()).toBe(0);
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'contacts-with-optional-columns-w1440');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'contacts-with-optional-columns-w375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A tag is found by the search, accents and case aside.
  await page.getByLabel('Search contacts').fill('LAKE VIEW');
  await page.getByText('Showing 1 of 1 contacts').waitFor();
  edit = await openEdit(page, 'rey.tso@example.com');
  expect(await tagsIn(edit)).toEqual(['lake view×']);
  await page.keyboard.press('Escape');

  // The export has the tags and a column per field, named by its key, as an import reads them back.
  const csv = await (
    await stack.api('/api/marketing/contacts/export?q=rey.tso', { token: await stack.login() })
  ).text();
  const [header, line] = csv.trim().split('\r\n');
  expect(header).toBe(
    'email,firstName,lastName,phone,status,source,address,notes,createdAt,tags,lot_budget,pre_approved',
  );
  expect(line).toMatch(/^rey\.tso@example\.com,Rey,.*,lake view,300000,yes$/);
});
