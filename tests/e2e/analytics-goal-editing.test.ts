/**
 * Editing a goal on the Analytics screen, in Chromium against the real gateway and analytics
 * service (embedded): a goal added in the Goals card, renamed and turned from a page into an
 * event, saved (the card shows it), reopened on the saved values, edited again and still the
 * latest after a reload; and the refusals a person meets: a name another goal has (in another
 * letter case) said on the name field, and a goal changed in another tab while the dialog was
 * open (409) said above the form with what was typed kept, the newer copy then opening from the
 * card. The edit dialog kept at 1440 and 375 px when E2E_SCREENSHOTS is set.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGES, type Goal } from '@lp/contracts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { shootDialog } from '../support/screenshots.ts';

const { stack, browser } = useStackAndBrowser({ backend: 'embedded' });

/** Signs in on the login screen of `path` in a new browser profile; answers its first tab. */
async function signedIn(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${path}`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  return page;
}

const goalsCard = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Goals', exact: true }) });

/** The row of a goal in the card: its name and what it counts, as the name's cell shows them. */
const goalRow = (page: Page, name: string) =>
  goalsCard(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Edit goal ${name}`, exact: true }) });

/** Opens the edit dialog of the goal named `name` from its row. */
async function openEdit(page: Page, name: string): Promise<Locator> {
  await goalsCard(page)
    .getByRole('button', { name: `Edit goal ${name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Goal' });
  await dialog.waitFor();
  return dialog;
}

/** What the dialog's three fields hold: name, kind, page or event name. */
const fieldsOf = async (dialog: Locator) => [
  await dialog.getByLabel(/^Goal name/).inputValue(),
  await dialog.getByLabel('Counts').inputValue(),
  await dialog.getByLabel(/^(Page|Event name)/).inputValue(),
];

describe('editing a goal', () => {
  it('renames a goal and turns it into an event, reopens it on the saved values, edits it again and keeps it through a reload', async () => {
    const page = await signedIn('/marketing/analytics');
    const card = goalsCard(page);
    await card.getByText('No goals yet.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Add goal' }).click();
    const add = page.getByRole('dialog', { name: 'Add Goal' });
    await add.getByLabel(/^Goal name/).fill('Saw a lot page');
    await add.getByLabel('Counts').selectOption({ label: 'A page view' });
    await add.getByLabel(/^Page/).fill('/lots/*');
    await add.getByRole('button', { name: 'Add Goal' }).click();
    await add.waitFor({ state: 'detached' });
    await goalRow(page, 'Saw a lot page').getByText('Page /lots/*').waitFor();

    let dialog = await openEdit(page, 'Saw a lot page');
    expect(await fieldsOf(dialog)).toEqual(['Saw a lot page', 'page', '/lots/*']);
    await shootDialog(page, dialog, 'goal-edit-dialog');
    await dialog.getByLabel(/^Goal name/).fill('Sent the contact form');
    await dialog.getByLabel('Counts').selectOption({ label: 'An event' });
    // The third field now asks for an event, with the events the site sends as its hint.
    const event = dialog.getByLabel(/^Event name/);
    await event.waitFor();
    expect(await dialog.getByText(/^As the site sends it: form_submitted/).count()).toBe(1);
    await event.fill('form_submitted');
    await dialog.getByRole('button', { name: 'Save Goal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Goal saved')
      .waitFor();
    await goalRow(page, 'Sent the contact form').getByText('Event form_submitted').waitFor();
    expect(await card.getByRole('button', { name: 'Edit goal Saw a lot page' }).count()).toBe(0);
    expect(await card.getByText('Page /lots/*').count()).toBe(0);

    // Reopened: the saved values (and the saved version: the next save is taken).
    dialog = await openEdit(page, 'Sent the contact form');
    expect(await fieldsOf(dialog)).toEqual(['Sent the contact form', 'event', 'form_submitted']);
    await dialog.getByLabel(/^Goal name/).fill('Reached the contact page');
    await dialog.getByLabel('Counts').selectOption({ label: 'A page view' });
    await dialog.getByLabel(/^Page/).fill('/contact');
    await dialog.getByRole('button', { name: 'Save Goal' }).click();
    await dialog.waitFor({ state: 'detached' });
    await goalRow(page, 'Reached the contact page').getByText('Page /contact').waitFor();
    expect(await card.getByRole('button', { name: /^Edit goal / }).count()).toBe(1);

    await page.reload();
    await goalRow(page, 'Reached the contact page').getByText('Page /contact').waitFor();
    dialog = await openEdit(page, 'Reached the contact page');
    expect(await fieldsOf(dialog)).toEqual(['Reached the contact page', 'page', '/contact']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('says a name another goal has on the name field, and a goal changed in another tab above the form, keeping what was typed', async () => {
    const token = await stack.login();
    for (const goal of [
      { name: 'Opened the lot map', kind: 'page', value: '/lot-map' },
      { name: 'Read the blog', kind: 'page', value: '/blog/*' },
    ])
      expect((await stack.api('/api/marketing-dashboard/goals', { token, body: goal })).status).toBe(201);
    const page = await signedIn('/marketing/analytics');
    await goalRow(page, 'Read the blog').getByText('Page /blog/*').waitFor();

    // A name another goal has, in other letters' case: said on the name field, nothing saved.
    const dialog = await openEdit(page, 'Read the blog');
    const name = dialog.getByLabel(/^Goal name/);
    await name.fill('opened the LOT MAP');
    await dialog.getByRole('button', { name: 'Save Goal' }).click();
    const taken = 'A goal named opened the LOT MAP already exists';
    await dialog.getByRole('alert').filter({ hasText: taken }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    // The message is the name field's own: its description names it.
    expect(
      await name.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      ),
    ).toContain(taken);
    expect(await dialog.getByText(STALE_EDIT_MESSAGES.goal).count()).toBe(0);

    // The same goal is renamed in another tab of the same browser while this dialog is open.
    const other = await page.context().newPage();
    await other.goto(`${stack.baseUrl}/marketing/analytics`);
    const otherDialog = await openEdit(other, 'Read the blog');
    await otherDialog.getByLabel(/^Goal name/).fill('Read a blog article');
    await otherDialog.getByRole('button', { name: 'Save Goal' }).click();
    await otherDialog.waitFor({ state: 'detached' });
    await goalRow(other, 'Read a blog article').waitFor();
    await other.close();

    await name.fill('Read about fishing');
    await dialog.getByLabel(/^Page/).fill('/blog/fishing*');
    await dialog.getByRole('button', { name: 'Save Goal' }).click();
    const stale = dialog.getByRole('alert').filter({ hasText: STALE_EDIT_MESSAGES.goal });
    await stale.waitFor();
    // Above the form, apart from its first label, the earlier message gone, and what was typed still there.
    const alertBox = (await stale.boundingBox())!;
    const labelBox = (await dialog.getByText(/^Goal name/).boundingBox())!;
    expect(labelBox.y - (alertBox.y + alertBox.height)).toBeGreaterThanOrEqual(12);
    expect(await dialog.getByText(taken).count()).toBe(0);
    expect(await fieldsOf(dialog)).toEqual(['Read about fishing', 'page', '/blog/fishing*']);
    await dialog.getByRole('button', { name: 'Save Goal' }).waitFor();
    await shootDialog(page, dialog, 'goal-edit-stale');
    const stored = (await (await stack.api('/api/marketing-dashboard/goals', { token })).json()) as Goal[];
    expect(stored.find((g) => g.value.startsWith('/blog/'))).toMatchObject({ name: 'Read a blog article', version: 2 });

    // Closed, the card shows the other tab's copy, and the edit opens on it: this save is taken.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await goalRow(page, 'Read a blog article').getByText('Page /blog/*').waitFor();
    const again = await openEdit(page, 'Read a blog article');
    expect(await fieldsOf(again)).toEqual(['Read a blog article', 'page', '/blog/*']);
    await again.getByLabel(/^Page/).fill('/blog/fishing*');
    await again.getByRole('button', { name: 'Save Goal' }).click();
    await again.waitFor({ state: 'detached' });
    await goalRow(page, 'Read a blog article').getByText('Page /blog/fishing*').waitFor();
    await page.context().close();
  });
});
