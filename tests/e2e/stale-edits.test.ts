/**
 * Edits are never lost or crossed, in Chromium against the real gateway and services (with
 * 50,000 contacts seeded, as the dashboard is used):
 * for a template, a lot and a blog article, what staff do in sequence (create where the product
 * allows → edit → save → reopen: the saved values → edit again → save → reload: still the
 * latest); and saves that are refused because someone saved in between (two tabs on one
 * template; a lot and an article changed by another office while their editor was open): the
 * message shows, what was typed is still in the editor, and 'Load the newer version' shows
 * the stored one.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGES, type Lot, type StaffBlogArticle } from '@lp/contracts';
import { openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { seedContacts } from '../support/seed-contacts.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotAtBothWidths } from '../support/screenshots.ts';

let context: BrowserContext;
/** Another office's session, changing records through the API while an editor is open. */
let otherOffice: string;
const shots = process.env.SCREENSHOTS_DIR;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    otherOffice = await stack.login();
    // A contact list at real volume, as the dashboard is used.
    await seedContacts(stack);
    // One browser profile: its tabs share the session cookie, as a person's tabs do.
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInToDashboard(page, stack);
    await page.close();
  },
});

async function tab(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${path}`);
  await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
  return page;
}

const shoot = (page: Page, name: string) => screenshotAtBothWidths(shots, page, name);

const field = (page: Page, label: RegExp) => page.getByLabel(label);

describe('templates', () => {
  it('keeps each saved version through reopen and reload; of two tabs saving, the second is told and keeps its text', async () => {
    const page = await tab('/marketing');
    await openDashboardScreen(page, 'Templates');
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel(/^Name/).fill('Autumn lots');
    await dialog.getByLabel(/^Subject/).fill('Subject one');
    // Written as HTML (Blocks is the default editor: tests/e2e/block-editor.test.ts).
    await dialog.getByRole('radio', { name: /^HTML/ }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/marketing\/templates\/\d+$/);
    const editorUrl = page.url();

    const subject = field(page, /^Subject/);
    const content = field(page, /^Content \(HTML\)/);
    await subject.fill('Subject two');
    await content.fill('<p>Version two</p>');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.waitForURL(/\/marketing\/templates$/);

    // Reopened: the saved version, not the one the editor was opened with.
    await page.getByRole('button', { name: 'Actions for Autumn lots' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect.poll(() => subject.inputValue()).toBe('Subject two');
    expect(await content.inputValue()).toBe('<p>Version two</p>');
    await subject.fill('Subject three');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.waitForURL(/\/marketing\/templates$/);
    await page.getByRole('cell', { name: 'Subject three' }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'Subject three' }).waitFor();
    await page.goto(editorUrl);
    await expect.poll(() => subject.inputValue()).toBe('Subject three');
    expect(await content.inputValue()).toBe('<p>Version two</p>');

    // Two tabs on the same template: A saves first, B's save of the older copy is refused.
    const other = await tab(new URL(editorUrl).pathname);
    await expect.poll(() => field(other, /^Subject/).inputValue()).toBe('Subject three');
    await subject.fill('Saved in tab A');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.waitForURL(/\/marketing\/templates$/);

    const typed = '<p>Typed in tab B, never to be lost</p>';
    await field(other, /^Content \(HTML\)/).fill(typed);
    await other.getByRole('button', { name: 'Save Template' }).click();
    const alert = other.getByRole('alert').filter({ hasText: STALE_EDIT_MESSAGES.template });
    await alert.waitFor();
    await other.getByText('Error saving template').waitFor();
    expect(other.url()).toBe(editorUrl);
    expect(await field(other, /^Content \(HTML\)/).inputValue()).toBe(typed);
    expect(await field(other, /^Subject/).inputValue()).toBe('Subject three');
    await shoot(other, 'stale-template');

    await alert.getByRole('button', { name: 'Load the newer version' }).click();
    await expect.poll(() => field(other, /^Subject/).inputValue()).toBe('Saved in tab A');
    expect(await field(other, /^Content \(HTML\)/).inputValue()).toBe('<p>Version two</p>');
    expect(await other.getByRole('alert').filter({ hasText: STALE_EDIT_MESSAGES.template }).count()).toBe(0);
    await Promise.all([page.close(), other.close()]);
  });
});

describe('lots', () => {
  it('edits a lot twice with reopen and reload, and keeps what was typed when another office changed it', async () => {
    const page = await tab('/marketing');
    await openDashboardScreen(page, 'Lots');
    const edit = async () => {
      await page.getByRole('button', { name: 'Edit lot 5' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit lot 5' });
      await dialog.getByLabel('Price (USD)').waitFor();
      return dialog;
    };
    let dialog = await edit();
    await dialog.getByLabel('Price (USD)').fill('81000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Lot 5 was saved.').waitFor();

    dialog = await edit();
    expect(await dialog.getByLabel('Price (USD)').inputValue()).toBe('81000');
    await dialog.getByLabel('Description').fill('Corner lot, saved twice');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    dialog = await edit();
    expect(await dialog.getByLabel('Price (USD)').inputValue()).toBe('81000');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Corner lot, saved twice');

    // Another office reserves the lot while this dialog is open.
    const stored = (await (await stack.api('/api/marketing/lots/5', { token: otherOffice })).json()) as Lot;
    const reserved = await stack.api('/api/marketing/lots/5', {
      token: otherOffice,
      method: 'PATCH',
      body: { version: stored.version, status: 'reserved' },
    });
    expect(reserved.status).toBe(200);
    await dialog.getByLabel('Price (USD)').fill('99000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: STALE_EDIT_MESSAGES.lot });
    await alert.waitFor();
    expect(await dialog.getByLabel('Price (USD)').inputValue()).toBe('99000');
    await shoot(page, 'stale-lot');
    await alert.getByRole('button', { name: 'Load the newer version' }).click();
    await expect.poll(() => dialog.getByLabel('Status').inputValue()).toBe('reserved');
    expect(await dialog.getByLabel('Price (USD)').inputValue()).toBe('81000');
    // The list was read again too: lot 5 shows reserved.
    expect(await page.getByLabel('Status of lot 5').inputValue()).toBe('reserved');
    await page.close();
  });
});

describe('blog articles', () => {
  it('creates, edits, reopens and reloads an article, and keeps what was typed when another office saved it', async () => {
    const page = await tab('/marketing');
    await openDashboardScreen(page, 'Blog');
    await page.getByRole('link', { name: 'New article' }).first().click();
    await field(page, /^Title/).fill('Fishing Stripers in Autumn');
    await field(page, /^Summary/).fill('Where the stripers bite when the water cools.');
    await field(page, /^Content \(Markdown\)/).fill('First body');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/marketing\/blog\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    await field(page, /^Content \(Markdown\)/).fill('Second body');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Article saved').waitFor();

    await page.getByRole('link', { name: 'All articles' }).click();
    await page.getByRole('link', { name: 'Edit Fishing Stripers in Autumn' }).click();
    await expect.poll(() => field(page, /^Content \(Markdown\)/).inputValue()).toBe('Second body');
    await field(page, /^Title/).fill('Fishing Stripers in Late Autumn');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Article saved').waitFor();
    await page.reload();
    await expect.poll(() => field(page, /^Title/).inputValue()).toBe('Fishing Stripers in Late Autumn');
    expect(await field(page, /^Content \(Markdown\)/).inputValue()).toBe('Second body');

    // Another office edits the summary while this editor is open.
    const stored = (await (
      await stack.api(`/api/marketing/blog/articles/${id}`, { token: otherOffice })
    ).json()) as StaffBlogArticle;
    const saved = await stack.api(`/api/marketing/blog/articles/${id}`, {
      token: otherOffice,
      method: 'PATCH',
      body: { version: stored.version, summary: 'Summary from the other office.' },
    });
    expect(saved.status).toBe(200);
    await field(page, /^Content \(Markdown\)/).fill('Typed here, kept on a conflict');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: STALE_EDIT_MESSAGES.article });
    await alert.waitFor();
    await page.getByText('Could not save the article').waitFor();
    expect(await field(page, /^Content \(Markdown\)/).inputValue()).toBe('Typed here, kept on a conflict');
    await shoot(page, 'stale-article');
    await alert.getByRole('button', { name: 'Load the newer version' }).click();
    await expect.poll(() => field(page, /^Summary/).inputValue()).toBe('Summary from the other office.');
    expect(await field(page, /^Content \(Markdown\)/).inputValue()).toBe('Second body');
    await page.close();
  });
});
