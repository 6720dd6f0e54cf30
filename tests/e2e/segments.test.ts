/**
 * Segments in Chromium against the real gateway, crm and mailer: four tagged contacts; a segment
 * built in the builder by roles and labels with its live count, saved, reopened and widened (the
 * count changes), exported as CSV (its members only), then 'Send an Email' to it, which the SMTP
 * sink sees reach exactly its members. Every kind of condition takes its inputs and is counted by
 * the server. The screen and the builder fit a 390 px phone. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { screenshotInto, shootDialog } from '../support/screenshots.ts';
import { eventually } from '../support/stack.ts';

const PEOPLE = [
  { email: 'ana.boater@example.com', firstName: 'Ana', tags: ['boater', 'vip'] },
  { email: 'ben.boater@example.com', firstName: 'Ben', tags: ['Boater'] },
  { email: 'cleo.vip@example.com', firstName: 'Cleo', tags: ['VIP'] },
  { email: 'dev.none@example.com', firstName: 'Dev', tags: [] },
];

const { stack, sink } = useStackAndSmtpSink({
  backend: 'embedded',
  setup: async (s) => {
    const token = await s.login();
    for (const body of PEOPLE) {
      const res = await s.api('/api/marketing/contacts', { token, body });
      if (res.status !== 201) throw new Error(`contact: ${res.status} ${await res.text()}`);
    }
    const res = await s.api('/api/marketing/templates', {
      token,
      body: { name: 'Dock news', subject: 'New slips at the marina', description: '', content: '<p>Hello</p>' },
    });
    if (res.status !== 201) throw new Error(`template: ${res.status} ${await res.text()}`);
    const field = await s.api('/api/marketing/custom-fields', { token, body: { name: 'Budget', type: 'number' } });
    if (field.status !== 201) throw new Error(`custom field: ${field.status} ${await field.text()}`);
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

it('builds a segment with its live count, edits it, and sends a broadcast that reaches only its members', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Segments');
  await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
  await page.getByText('No segments yet').waitFor();

  await page.getByRole('button', { name: 'Create Segment' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create Segment' });
  const count = dialog.getByRole('status');
  await count.getByText('4 contacts match').waitFor();
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  const first = dialog.getByRole('group', { name: 'Condition 1' });
  await first.getByLabel('Field').selectOption({ label: 'Tag' });
  await first.getByLabel('Tag').fill('boater');
  await count.getByText('2 contacts match').waitFor();
  await dialog.getByLabel('Segment name').fill('Boaters');
  await shootDialog(page, dialog, 'segment-builder');
  await dialog.getByRole('button', { name: 'Create Segment' }).click();
  await page.getByText('Segment created').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  const table = page.getByRole('region', { name: 'Segments' });
  await table.getByRole('row', { name: /Boaters\s+2\b/ }).waitFor();

  // Reopened: as saved; a second condition and "any" widen it.
  await page.getByRole('button', { name: 'Actions for Boaters' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Segment' });
  expect(await dialog.getByLabel('Segment name').inputValue()).toBe('Boaters');
  expect(await dialog.getByRole('group', { name: 'Condition 1' }).getByLabel('Tag').inputValue()).toBe('boater');
  await dialog.getByRole('status').getByText('2 contacts match').waitFor();
  await dialog.getByRole('button', { name: 'Add condition' }).click();
  const second = dialog.getByRole('group', { name: 'Condition 2' });
  await second.getByLabel('Tag').fill('vip');
  await dialog.getByRole('status').getByText('1 contact matches').waitFor();
  await dialog.getByLabel('Contacts must match').selectOption({ label: 'Any of these conditions' });
  await dialog.getByRole('status').getByText('3 contacts match').waitFor();
  await shot(page, 'segment-edit-w1440');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Segment updated').first().waitFor();
  await table.getByRole('row', { name: /Boaters\s+3\b/ }).waitFor();
  await shot(page, 'segments-w1440');

  // Export CSV: the segment's contacts as they stand.
  await page.getByRole('button', { name: 'Actions for Boaters' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  for (const p of PEOPLE) expect(csv.includes(p.email)).toBe(p.firstName !== 'Dev');

  // A broadcast to the segment through 'Send an Email'.
  await openDashboardScreen(page, 'Send an Email');
  await page.getByRole('button', { name: /^Dock news\b/ }).click();
  await page.getByLabel('Send to a segment').check();
  await page.getByLabel('Segment', { exact: true }).selectOption({ label: 'Boaters' });
  await page.getByText('3 contacts match now').waitFor();
  await shot(page, 'send-to-segment-w1440');
  await page.getByRole('button', { name: 'Send Email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Email' });
  await confirm.getByText('Segment Boaters (3 contacts now)').waitFor();
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('Email sent successfully').first().waitFor();

  const members = ['ana.boater@example.com', 'ben.boater@example.com', 'cleo.vip@example.com'];
  const received = () => sink.messages.filter((m) => m.parsed.subject === 'New slips at the marina');
  await eventually(async () => (received().length >= members.length ? true : undefined), 20_000, 'the broadcast');
  // Nothing more comes: no second copy, and nobody outside the segment.
  await new Promise((r) => setTimeout(r, 1500));
  expect(
    received()
      .map((m) => m.to)
      .sort(),
  ).toEqual(members);
  await page.close();
}, 90_000);

it('fits a 390 px phone: the table, its actions and the builder', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Segments');
  await page.getByRole('button', { name: 'Actions for Boaters' }).waitFor();
  await shot(page, 'segments-w390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Actions for Boaters' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Segment' });
  await dialog.getByRole('status').getByText('3 contacts match').waitFor();
  const fits = await dialog.evaluate((d) => ({
    scrolls: d.scrollWidth > d.clientWidth,
    right: d.getBoundingClientRect().right,
  }));
  expect(fits.scrolls).toBe(false);
  expect(fits.right).toBeLessThanOrEqual(390);
  await shot(page, 'segment-edit-w390');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
}, 60_000);

it('offers every kind of condition with its own inputs, counted by the server', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Segments');
  await page.getByRole('button', { name: 'Create Segment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Segment' });
  const row = (n: number) => dialog.getByRole('group', { name: `Condition ${n}` });
  const add = async (field: string) => {
    await dialog.getByRole('button', { name: 'Add condition' }).click();
    const n = await dialog.getByRole('group', { name: /^Condition \d+$/ }).count();
    await row(n).getByLabel('Field').selectOption({ label: field });
    return row(n);
  };
  let r = await add('Budget');
  await r.getByLabel('Operator').selectOption({ label: 'is between' });
  await r.getByLabel('From').fill('100000');
  await r.getByLabel('To', { exact: true }).fill('400000');
  r = await add('Email activity');
  await r.getByLabel('Operator').selectOption({ label: 'opened' });
  expect(await r.getByLabel('In the last … days').inputValue()).toBe('30');
  r = await add('Location');
  await r.getByLabel('Part of the address').selectOption({ label: 'City' });
  await r.getByLabel('Place').fill('Page');
  r = await add('Created date');
  await r.getByLabel('Operator').selectOption({ label: 'is within the last' });
  await r.getByLabel('Days').fill('7');
  // Nobody has a budget, opened a message or wrote from Page yet: all of them, none.
  await dialog.getByRole('status').getByText('0 contacts match').waitFor();
  await dialog.getByLabel('Contacts must match').selectOption({ label: 'Any of these conditions' });
  // Any: every contact was created today.
  await dialog.getByRole('status').getByText('4 contacts match').waitFor();
  await shootDialog(page, dialog, 'segment-builder-kinds');
  await page.close();
}, 60_000);
