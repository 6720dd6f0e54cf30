/**
 * Contacts and lists edited as people do, in sequence, in Chromium on 50,000 contacts: add a
 * contact, then another (the second form opens empty, nothing of the first carried over); edit a
 * contact, save, reopen (the saved values), edit again, reload (still the latest); a save from a
 * second tab opened before is refused with its text kept; create a list, create another of the same
 * name in other letters (refused, the message shown), rename it, reopen, reload; the pickers name
 * each list with its count; a list's contacts dialog shows its Remove buttons whole at 1440 and
 * 375 px. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Contact, ContactList } from '@lp/contracts';
import { openDashboardScreen } from '../support/browser.ts';
import { seedContacts } from '../support/seed-contacts.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';

let token: string;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    [token] = await Promise.all([stack.login(), seedContacts(stack)]);
  },
});

const api = async <T>(path: string, body?: unknown, method?: string): Promise<T> =>
  (await (await stack.api(path, { token, body, method })).json()) as T;

const shot = (page: Page, name: string) => screenshotInto(process.env.E2E_SCREENSHOTS, page, name);

/** One browser session per width (signed in once): each page is a tab of it, as a second tab is. */
const sessions = new Map<number, BrowserContext>();
async function signedIn(screen: string, width = 1440): Promise<Page> {
  let session = sessions.get(width);
  const signIn = !session;
  if (!session) {
    session = await browser.newContext({ viewport: { width, height: 900 } });
    sessions.set(width, session);
  }
  const page = await session.newPage();
  await page.goto(`${stack.baseUrl}/marketing`);
  if (signIn) {
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await openDashboardScreen(page, screen);
  await page.getByRole('heading', { name: screen, level: 1 }).waitFor();
  return page;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const FIELDS = ['Email', 'First name', 'Last name', 'Phone', 'Address', 'Notes'] as const;
const valuesOf = (dialog: Locator) => Promise.all(FIELDS.map((f) => dialog.getByLabel(f).inputValue()));

async function openEdit(page: Page, email: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Email').waitFor();
  return dialog;
}

it('contacts: add two in a row, edit, reopen, edit again, reload; a stale tab is refused with its text kept', async () => {
  const page = await signedIn('Contacts');
  await page.getByText('Showing 100 of 50,000 contacts').waitFor();

  await page.getByRole('button', { name: 'Add Contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add Contact' });
  await add.getByLabel('Email').fill('dana.harlow@example.com');
  await add.getByLabel('First name').fill('Dana');
  await add.getByLabel('Last name').fill('Harlow');
  await add.getByLabel('Phone').fill('928-555-0142');
  await add.getByLabel('Address').fill('12 Mesa View Dr, Page AZ');
  await add.getByLabel('Notes').fill('Wants a lake-view lot');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await toast(page, 'Contact added successfully');
  await add.waitFor({ state: 'detached' });

  // The next contact starts from an empty form: nothing of Dana's carried over.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  expect(await valuesOf(add)).toEqual(['', '', '', '', '', '']);
  await add.getByLabel('Email').fill('eli.tsosie@example.com');
  await add.getByLabel('First name').fill('Eli');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await toast(page, 'Contact added successfully');
  await page.getByRole('cell', { name: 'eli.tsosie@example.com', exact: true }).waitFor();
  const [eli] = await api<Contact[]>('/api/marketing/contacts?q=eli.tsosie');
  expect(eli).toMatchObject({
    firstName: 'Eli',
    lastName: null,
    phone: null,
    metadata: { address: null, notes: null },
  });

  // Edit, save, reopen: the saved values; edit again; reload: still the latest.
  let edit = await openEdit(page, 'dana.harlow@example.com');
  await edit.getByLabel('Phone').fill('928-555-0199');
  await edit.getByLabel('Notes').fill('Toured lot 12 on Friday');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Contact updated');
  await edit.waitFor({ state: 'detached' });
  edit = await openEdit(page, 'dana.harlow@example.com');
  expect(await valuesOf(edit)).toEqual([
    'dana.harlow@example.com',
    'Dana',
    'Harlow',
    '928-555-0199',
    '12 Mesa View Dr, Page AZ',
    'Toured lot 12 on Friday',
  ]);
  await edit.getByLabel('Last name').fill('Harlow-Begay');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Contact updated');
  await page.getByRole('cell', { name: 'Dana Harlow-Begay', exact: true }).waitFor();
  await page.reload();
  edit = await openEdit(page, 'dana.harlow@example.com');
  expect(await valuesOf(edit)).toEqual([
    'dana.harlow@example.com',
    'Dana',
    'Harlow-Begay',
    '928-555-0199',
    '12 Mesa View Dr, Page AZ',
    'Toured lot 12 on Friday',
  ]);

  // A second tab has Dana open too; the first saves, then the second: refused, its text kept.
  const other = await signedIn('Contacts');
  const stale = await openEdit(other, 'dana.harlow@example.com');
  await edit.getByLabel('Phone').fill('928-555-0100');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Contact updated');
  await stale.getByLabel('Notes').fill('Asked for the builder package');
  await stale.getByRole('button', { name: 'Save Changes' }).click();
  await stale.getByRole('alert').getByText('This contact was changed since you opened it').waitFor();
  expect(await stale.getByLabel('Notes').inputValue()).toBe('Asked for the builder package');
  await shot(other, 'contact-changed-since-1440');
  const [dana] = await api<Contact[]>('/api/marketing/contacts?q=dana.harlow');
  expect(dana).toMatchObject({ phone: '928-555-0100', metadata: { notes: 'Toured lot 12 on Friday' } });
  await stale.getByRole('button', { name: 'Load stored version' }).click();
  await expect.poll(() => stale.getByLabel('Phone').inputValue()).toBe('928-555-0100');
  await Promise.all([page.close(), other.close()]);
});

it('lists: create, a same name in other letters refused, rename, reopen, reload; pickers show counts', async () => {
  const page = await signedIn('Lists');
  const create = page.getByRole('dialog', { name: 'Create List' });
  await page.getByRole('button', { name: 'Create List' }).click();
  await create.getByLabel('List name').fill('Lake View Buyers');
  await create.getByLabel('Description').fill('Asked about lake-view lots');
  await create.getByRole('button', { name: 'Create List' }).click();
  await toast(page, 'List created');
  await page.getByRole('cell', { name: 'Lake View Buyers', exact: true }).waitFor();

  await page.getByRole('button', { name: 'Create List' }).click();
  expect(await create.getByLabel('List name').inputValue()).toBe('');
  expect(await create.getByLabel('Description').inputValue()).toBe('');
  await create.getByLabel('List name').fill('lake view BUYERS');
  await create.getByRole('button', { name: 'Create List' }).click();
  await create.getByText('A list named Lake View Buyers already exists').waitFor();
  await shot(page, 'list-name-taken-1440');
  await create.getByLabel('List name').fill('Mesa Sellers');
  await create.getByRole('button', { name: 'Create List' }).click();
  await toast(page, 'List created');

  const openEditList = async (name: string) => {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit List' });
    await dialog.getByLabel('List name').waitFor();
    return dialog;
  };
  let edit = await openEditList('Mesa Sellers');
  expect(await edit.getByLabel('List name').inputValue()).toBe('Mesa Sellers');
  await edit.getByLabel('List name').fill('LAKE VIEW BUYERS');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.getByText('A list named Lake View Buyers already exists').waitFor();
  await edit.getByLabel('List name').fill('Mesa Sellers 2026');
  await edit.getByLabel('Description').fill('Owners on the mesa');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'List updated');
  await edit.waitFor({ state: 'detached' });
  edit = await openEditList('Mesa Sellers 2026');
  expect(await edit.getByLabel('Description').inputValue()).toBe('Owners on the mesa');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  edit = await openEditList('Mesa Sellers 2026');
  expect(await edit.getByLabel('List name').inputValue()).toBe('Mesa Sellers 2026');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  // Edit on another list shows that list's values, not the one opened before.
  edit = await openEditList('Lake View Buyers');
  expect(await edit.getByLabel('Description').inputValue()).toBe('Asked about lake-view lots');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The Add to List picker names each list with its number of contacts.
  const lists = await api<ContactList[]>('/api/marketing/lists');
  const buyers = lists.find((l) => l.name === 'Lake View Buyers')!;
  const people = await api<Contact[]>('/api/marketing/contacts?q=reyes&limit=3');
  await api('/api/marketing/contacts-to-list', { listId: buyers.id, contactIds: people.map((c) => c.id) });
  await openDashboardScreen(page, 'Contacts');
  await page.getByRole('button', { name: `Actions for ${people[0]!.email}` }).click();
  await page.getByRole('menuitem', { name: 'Add to List' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to List' }).getByLabel('List');
  // Read again as the dialog opens: the three contacts added since the Lists screen loaded count.
  await expect
    .poll(() => picker.locator('option').allTextContents())
    .toEqual(['Select a list', 'Mesa Sellers 2026 · 0 contacts', 'Lake View Buyers · 3 contacts']);
  await page.close();
});

it('shows every Remove button of a list contacts dialog whole at 1440 and 375 px', async () => {
  for (const width of [1440, 375]) {
    const page = await signedIn('Lists', width);
    await page.getByRole('button', { name: 'Actions for Lake View Buyers' }).click();
    await page.getByRole('menuitem', { name: 'View Contacts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contacts in Lake View Buyers' });
    await dialog.getByText('Showing 3 of 3 contacts').waitFor();
    const box = (await dialog.getByRole('list').boundingBox())!;
    const removes = dialog.getByRole('button', { name: /^Remove / });
    expect(await removes.count()).toBe(3);
    for (const b of await removes.all()) {
      // The button and its 1 px outline (a ring) lie inside the scrolling list that would clip them.
      const r = (await b.boundingBox())!;
      expect(r.x - 1).toBeGreaterThanOrEqual(box.x);
      expect(r.x + r.width + 1).toBeLessThanOrEqual(box.x + box.width);
    }
    await shot(page, `list-contacts-${width}`);
    await page.close();
  }
});
