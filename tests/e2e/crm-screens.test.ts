/**
 * The CRM screens as staff use them, in Chromium at 1440 and 375 px against the real gateway and
 * crm: Contacts (empty state, Add Contact with its validation, CSV import with the client's file
 * checks and the result, search and its empty state, select-all → Add to List, View History,
 * Edit, Delete, export), Lists (create with validation, duplicate with ' (Copy)', view contacts
 * and remove, edit, delete) and Form Submissions ('Add to Contacts' with a list, shown as in
 * contacts afterwards; the visitor's message in the details its name opens), and the home's
 * cards; no table breaks a word across lines. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contact, ContactList } from '@lp/contracts';
import { openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { eventually } from '../support/stack.ts';
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

async function signedIn(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await signInToDashboard(page, stack);
  if (path !== '/marketing') {
    await openDashboardScreen(page, path);
  }
  return page;
}
/**
 * Words in the screen's tables that are split across lines ('Direct / no' + 'ne'): each run of
 * letters between spaces and hyphens must sit on one line. Screen-reader-only text is skipped.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('main td, main th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.sr-only')) continue;
        for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const api = (path: string, body?: unknown, method?: string) => stack.api(path, { token, body, method });

describe.each([1440, 375])('CRM screens at %i px', (width) => {
  const tag = `w${width}`;

  it('contacts: add, import, search, add to list, history, edit, delete', async () => {
    const list = (await (await api('/api/marketing/lists', { name: `Buyers ${tag}` })).json()) as ContactList;
    const page = await signedIn('Contacts', width);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    if (width === 1440) await page.getByText('No contacts found').waitFor();
    await shot(page, `contacts-empty-${tag}`);

    // Add Contact: the e-mail is checked first.
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await dialog.getByText('Valid email is required').waitFor();
    await dialog.getByLabel('Email').fill(`ann.${tag}@example.com`);
    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Archer');
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await toast(page, 'Contact added successfully');
    await page.getByRole('cell', { name: `ann.${tag}@example.com`, exact: true }).waitFor();
    expect(await brokenWords(page)).toEqual([]);

    // Import: the client's own checks, then a real file.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = page.getByRole('dialog', { name: 'Import Contacts' });
    await importer.getByRole('button', { name: 'Import' }).click();
    await importer.getByText('Please select a file to import').waitFor();
    await importer
      .getByLabel('CSV file')
      .setInputFiles({ name: 'contacts.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await importer.getByRole('button', { name: 'Import' }).click();
    await importer.getByText('Please upload a CSV file').waitFor();
    const csv = `Email Address,First Name,Last Name\r\nzed.${tag}@example.com,Zed,Zulu\r\nyan.${tag}@example.com,Yan,"Young, Jr."\r\nbroken,No,Email\r\n`;
    await importer
      .getByLabel('CSV file')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByRole('button', { name: 'Import' }).click();
    await importer.getByText('Line 4: Invalid email (broken)').waitFor();
    await importer.getByText('Read as UTF-8 text, columns separated by commas.').waitFor();
    await toast(page, 'Imported 2 contacts successfully');
    await shot(page, `contacts-imported-${tag}`);
    await importer.getByRole('button', { name: 'Close' }).first().click();

    // Search on the server; the empty search state.
    const search = page.getByLabel('Search contacts');
    await search.fill('no such person');
    await page.getByText('No contacts match your search').waitFor();
    await search.fill(`.${tag}@`);
    await page.getByText('Showing 3 of 3 contacts').waitFor();

    // Add to List needs a selection, then a list.
    await page.getByRole('button', { name: 'Add to List', exact: true }).click();
    const none = page.getByRole('dialog', { name: 'Add to List' });
    await none.getByRole('button', { name: 'Add to List' }).click();
    await none.getByText('Please select at least one contact').waitFor();
    await none.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Add to List (3)' }).click();
    const adder = page.getByRole('dialog', { name: 'Add to List' });
    await adder.getByRole('button', { name: 'Add to List' }).click();
    await adder.getByText('Please select a list').waitFor();
    await adder.getByLabel('List').selectOption({ label: `${list.name} · 0 contacts` });
    await adder.getByRole('button', { name: 'Add to List' }).click();
    await toast(page, 'Added 3 contacts to list');
    await shot(page, `contacts-list-${tag}`);

    // Mail the contact wrote (through the inbox's own ingestion path) shows in its history.
    const sent = await api('/api/marketing/test-webhook-email', {
      name: 'Zed Zulu',
      email: `zed.${tag}@example.com`,
      subject: `Road question ${tag}`,
      text: 'Is the road to the lots paved?',
      emailFormat: 'standard',
    });
    expect(sent.status).toBeLessThan(300);
    await eventually(
      async () => {
        const res = await api(`/api/marketing-dashboard/inbox?status=all&from=zed.${tag}%40example.com`);
        return ((await res.json()) as { emails: unknown[] }).emails.length > 0 ? true : undefined;
      },
      15_000,
      'the mail in the inbox',
    );

    // The row menu: View History, Edit, Delete.
    await page.getByRole('button', { name: `Actions for zed.${tag}@example.com` }).click();
    await page.getByRole('menuitem', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: 'Contact History' });
    await history.getByText(`Added to the list ${list.name}`).waitFor();
    await history.getByText(`Wrote to the inbox: Road question ${tag}`).waitFor();
    await history.getByText('Is the road to the lots paved?').waitFor();
    await shot(page, `contacts-history-${tag}`);
    await history.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: `Actions for zed.${tag}@example.com` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Contact' });
    await editor.getByLabel('First name').fill('Zedekiah');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Contact updated');
    await page.getByRole('cell', { name: 'Zedekiah Zulu', exact: true }).waitFor();

    await page.getByRole('button', { name: `Actions for yan.${tag}@example.com` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Contact' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Contact deleted');
    await page.getByText('Showing 2 of 2 contacts').waitFor();

    // Export of the current search: what the menu downloads.
    const csvOut = await (await api(`/api/marketing/contacts/export?q=.${tag}@`)).text();
    expect(csvOut.trim().split('\r\n')).toHaveLength(3);
    const members = (await (await api(`/api/marketing/contacts?listId=${list.id}`)).json()) as Contact[];
    expect(members.map((c) => c.firstName).sort()).toEqual(['Ann', 'Zedekiah']);
    await page.close();
  });

  it('lists: create, duplicate with contacts, view and remove, edit, delete', async () => {
    const contact = (await (
      await api('/api/marketing/contacts', { email: `member.${tag}@example.com` })
    ).json()) as Contact;
    const page = await signedIn('Lists', width);
    await page.getByRole('heading', { name: 'Lists', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create List' }).click();
    const form = page.getByRole('dialog', { name: 'Create List' });
    await form.getByRole('button', { name: 'Create List' }).click();
    await form.getByText('List name is required').waitFor();
    await form.getByLabel('List name').fill(`Sellers ${tag}`);
    await form.getByLabel('Description').fill('Owners thinking of selling');
    await form.getByRole('button', { name: 'Create List' }).click();
    await toast(page, 'List created');
    await page.getByRole('cell', { name: `Sellers ${tag}`, exact: true }).waitFor();
    expect(await brokenWords(page)).toEqual([]);
    const lists = (await (await api('/api/marketing/lists')).json()) as ContactList[];
    const sellers = lists.find((l) => l.name === `Sellers ${tag}`)!;
    await api('/api/marketing/contacts-to-list', { listId: sellers.id, contactIds: [contact.id] });
    await page.reload();
    await shot(page, `lists-${tag}`);

    await page.getByRole('button', { name: `Actions for Sellers ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const dup = page.getByRole('dialog', { name: 'Duplicate List' });
    expect(await dup.getByLabel('List name').inputValue()).toBe(`Sellers ${tag} (Copy)`);
    await dup.getByRole('button', { name: 'Duplicate' }).click();
    await toast(page, 'List duplicated');
    const copyRow = page.getByRole('row').filter({ hasText: `Sellers ${tag} (Copy)` });
    await copyRow.getByRole('cell', { name: '1', exact: true }).waitFor();

    await page.getByRole('button', { name: `Actions for Sellers ${tag} (Copy)` }).click();
    await page.getByRole('menuitem', { name: 'View Contacts' }).click();
    const view = page.getByRole('dialog', { name: `Contacts in Sellers ${tag} (Copy)` });
    await view.getByText(`member.${tag}@example.com`).waitFor();
    await shot(page, `lists-view-${tag}`);
    await view.getByRole('button', { name: `Remove member.${tag}@example.com from the list` }).click();
    await page
      .getByRole('dialog', { name: 'Remove Contact from List' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page, 'Contact removed from list');
    await view.getByText('No contacts in this list').waitFor();
    await view.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: `Actions for Sellers ${tag} (Copy)` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit List' });
    await edit.getByLabel('List name').fill(`Sellers archive ${tag}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'List updated');

    await page.getByRole('button', { name: `Actions for Sellers archive ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete List' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'List deleted successfully');
    await expect.poll(() => page.getByRole('cell', { name: `Sellers archive ${tag}` }).count()).toBe(0);
    await page.close();
  });

  it('form submissions: the message, Add to Contacts with a list, once; the home counts it', async () => {
    const email = `lena.lead-whitfield.${tag}@example-lake-lots.com`;
    const message = 'Please call me about lot 12 after 5 pm.\nDoes the lake-view lot include the dock <b>slip</b>?';
    const sent = await stack.api('/api/contact', {
      body: {
        firstName: 'Lena',
        lastName: `Lead ${tag}`,
        email,
        phone: '928-555-0100',
        source: 'home',
        message,
        website: '',
      },
    });
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const subs = (await (await api('/api/marketing/submissions')).json()) as { email: string }[];
      return subs.some((s) => s.email === email) ? true : undefined;
    });
    const list = (await (await api('/api/marketing/lists', { name: `Leads ${tag}` })).json()) as ContactList;
    const page = await signedIn('Form Submissions', width);
    await page.getByRole('heading', { name: 'Form Submissions', level: 1 }).waitFor();
    // The message: all of it, as text, in the details the name opens (here by keyboard).
    const details = page.getByRole('button', { name: `Lena Lead ${tag} details` });
    await details.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator(`#${await details.getAttribute('aria-controls')}`);
    const text = panel.getByRole('region', { name: `Message from Lena Lead ${tag}` }).locator('p');
    expect(await text.textContent()).toBe(message);
    const box = (await text.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await panel.getByText('928-555-0100').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await brokenWords(page)).toEqual([]);
    await shot(page, `submission-details-${tag}`);
    await page.getByLabel('Add contacts to list').selectOption({ label: `${list.name} · 0 contacts` });
    await page.getByRole('button', { name: `Add ${email} to contacts` }).click();
    await toast(page, 'Contact added successfully');
    await page.getByLabel('Add contacts to list').selectOption({ label: 'No list' });
    const done = page.getByRole('button', { name: `${email} is in contacts` });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);
    await shot(page, `submissions-${tag}`);
    const members = (await (await api(`/api/marketing/contacts?listId=${list.id}`)).json()) as Contact[];
    expect(members.map((c) => c.email)).toEqual([email]);

    await openDashboardScreen(page, 'Dashboard');
    const contactsCard = page.getByRole('main').getByRole('link', { name: /^Contacts/ });
    const total = (await api('/api/marketing/contacts?limit=1')).headers.get('x-total-count');
    await expect.poll(() => contactsCard.textContent()).toContain(Number(total).toLocaleString('en-US'));
    expect(await contactsCard.textContent()).toContain('— from last month');
    await shot(page, `home-${tag}`);
    await page.close();
  });
});
