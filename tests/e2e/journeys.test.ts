/**
 * Journeys in Chromium against the real gateway, crm and mailer: a journey built in the builder
 * by roles and labels (staff enter a list; send a template → wait 2 seconds → send another),
 * a list of two contacts entered with "Enter a list…", and the screen's per-step figures
 * watched until both contacts passed every step, while the SMTP sink receives both mails for
 * each. The screen and the builder fit a 390 px phone. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { screenshotInto, shootDialog } from '../support/screenshots.ts';
import { eventually } from '../support/stack.ts';

const GUESTS = ['ana.tour@example.com', 'ben.tour@example.com'];

const { stack, sink } = useStackAndSmtpSink({
  backend: 'embedded',
  env: { MAIL_SEND_RATE: '0' },
  setup: async (s) => {
    const token = await s.login();
    const ids: number[] = [];
    for (const email of GUESTS) {
      const res = await s.api('/api/marketing/contacts', { token, body: { email, firstName: email.split('.')[0] } });
      if (res.status !== 201) throw new Error(`contact: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const list = await s.api('/api/marketing/lists', { token, body: { name: 'Tour guests' } });
    if (list.status !== 201) throw new Error(`list: ${list.status} ${await list.text()}`);
    const listId = ((await list.json()) as { id: number }).id;
    const added = await s.api('/api/marketing/contacts-to-list', { token, body: { listId, contactIds: ids } });
    if (added.status !== 200) throw new Error(`members: ${added.status} ${await added.text()}`);
    for (const [name, subject] of [
      ['Tour welcome', 'Thanks for touring the lots'],
      ['Tour follow-up', 'Still thinking about a lot?'],
    ]) {
      const res = await s.api('/api/marketing/templates', {
        token,
        body: { name, subject, description: '', content: '<p>Hello from Lake Powell</p>' },
      });
      if (res.status !== 201) throw new Error(`template: ${res.status} ${await res.text()}`);
    }
  },
});
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => screenshotInto(process.env.E2E_SCREENSHOTS, page, name);
const NAME = 'Tour guests follow-up';

/** Each step row's Waiting, Passed and Left, in order. */
const figures = async (card: Locator) => {
  const rows = card.locator('tbody tr');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(await rows.nth(i).locator('td').allTextContents());
  return out;
};

it('builds a journey, enters a list and watches both contacts pass every step', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Journeys');
  await page.getByRole('heading', { level: 1, name: 'Journeys' }).waitFor();
  await page.getByText('No journeys yet').waitFor();

  await page.getByRole('button', { name: 'Create Journey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Journey' });
  await dialog.getByLabel('Journey name').fill(NAME);
  await dialog.getByLabel('Starts when').selectOption({ label: 'Staff enter a list' });
  const step = (n: number) => dialog.getByRole('group', { name: `Step ${n}` });
  await step(1).getByLabel('Template').selectOption({ label: 'Tour welcome' });
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await step(2).getByLabel('Type').selectOption({ label: 'Wait' });
  await step(2).getByLabel('Wait for').fill('2');
  await step(2).getByLabel('Unit').selectOption({ label: 'seconds' });
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await step(3).getByLabel('Template').selectOption({ label: 'Tour follow-up' });
  await shootDialog(page, dialog, 'journey-builder');
  await dialog.getByRole('button', { name: 'Create Journey' }).click();
  await page.getByText('Journey created').first().waitFor();
  await dialog.waitFor({ state: 'detached' });

  const card = page.getByRole('region', { name: NAME });
  await card.getByText('Staff add a list · Active · 0 entered').waitFor();
  expect(await figures(card)).toEqual([
    ['0', '0', '0'],
    ['0', '0', '0'],
    ['0', '0', '0'],
  ]);
  await card.getByRole('button', { name: 'Enter a list…' }).click();
  const enter = page.getByRole('dialog', { name: 'Enter a list' });
  await enter.getByLabel('List').selectOption({ label: 'Tour guests · 2 contacts' });
  await enter.getByRole('button', { name: 'Enter list' }).click();
  await page.getByText(`Tour guests is entering ${NAME}`).first().waitFor();

  // Both mails reach both guests: the first, then the second after the wait.
  const subjects = (to: string) =>
    sink.messages
      .filter((m) => m.to === to)
      .map((m) => m.parsed.subject)
      .sort();
  await eventually(
    async () => (GUESTS.every((g) => subjects(g).length >= 2) ? true : undefined),
    30_000,
    'both mails to both guests',
  );
  for (const g of GUESTS) expect(subjects(g)).toEqual(['Still thinking about a lot?', 'Thanks for touring the lots']);

  // The screen's figures (read again each reload rather than after the 10 s refresh).
  await eventually(
    async () => {
      await page.reload();
      await card.locator('tbody tr').first().waitFor();
      const f = await figures(card);
      return f.length === 3 && f.every((r) => r.join() === '0,2,0') ? true : undefined;
    },
    30_000,
    'every step passed by both',
  );
  await card.getByText('Staff add a list · Active · 2 entered, 2 completed, 0 left').waitFor();
  await card.getByRole('rowheader', { name: /Wait 2 seconds/ }).waitFor();
  await shot(page, 'journeys-w1440');
  // Nothing more comes: no second copy of either mail.
  await new Promise((r) => setTimeout(r, 1500));
  expect(sink.messages.filter((m) => GUESTS.includes(m.to))).toHaveLength(4);
  await page.close();
}, 120_000);

it('fits a 390 px phone: the journeys and the builder', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Journeys');
  const card = page.getByRole('region', { name: NAME });
  await card.getByRole('button', { name: 'Edit' }).waitFor();
  await shot(page, 'journeys-w390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Journey' });
  expect(await dialog.getByLabel('Journey name').inputValue()).toBe(NAME);
  expect(await dialog.getByRole('group', { name: 'Step 2' }).getByLabel('Wait for').inputValue()).toBe('2');
  const fits = await dialog.evaluate((d) => ({
    scrolls: d.scrollWidth > d.clientWidth,
    right: d.getBoundingClientRect().right,
  }));
  expect(fits.scrolls).toBe(false);
  expect(fits.right).toBeLessThanOrEqual(390);
  await shot(page, 'journey-edit-w390');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
}, 60_000);
