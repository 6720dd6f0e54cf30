/**
 * 'Send an Email' to individuals among 50,000 contacts, in Chromium against the real gateway,
 * crm and mailer: people among the oldest rows (never in a first page) are found only by the
 * server's search, "nash" and then "odegard" (accents ignored); both stay chosen across the
 * searches, the confirmation names them, and the send reaches exactly those two. At 375 px the
 * picker stays usable. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openDashboardScreen, signInToDashboard } from '../support/browser.ts';
import { SEEDED_PEOPLE, seedContacts } from '../support/seed-contacts.ts';
import { eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';

let token: string;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    token = await stack.login();
    await seedContacts(stack);
    const res = await stack.api('/api/marketing/templates', {
      token,
      body: { name: 'Lake news', subject: 'News from the lake', description: '', content: '<p>Hello</p>' },
    });
    expect(res.status).toBe(201);
  },
  timeout: 120_000,
});

const shot = (page: Page, name: string) => screenshotInto(process.env.E2E_SCREENSHOTS, page, name);

async function composeToIndividuals(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await signInToDashboard(page, stack);
  await openDashboardScreen(page, 'Send an Email');
  await page.getByRole('button', { name: /^Lake news\b/ }).click();
  await page.getByLabel('Choose individuals').check();
  await page.getByText('Showing 50 of 50,000 contacts').waitFor();
  return page;
}

it('finds two old contacts by search, keeps both chosen, confirms them and sends to exactly them', async () => {
  const [dana, , soren] = SEEDED_PEOPLE;
  const page = await composeToIndividuals(1440);
  const list = page.getByRole('list', { name: 'Contacts' });
  const search = page.getByLabel('Search contacts');

  await search.fill('nash');
  await page.getByText('Showing 1 of 1 contact').waitFor();
  await list.getByRole('checkbox', { name: /Dana Nash/ }).check();
  await search.fill('odegard');
  await list.getByRole('checkbox', { name: /Søren Ødegård/ }).check();
  await shot(page, 'send-picker-w1440');

  // Both stay chosen: the badges name them, and searching the first again shows it ticked.
  const badges = page.getByLabel('Selected recipients');
  await badges.getByText(dana.email).waitFor();
  await badges.getByText(soren.email).waitFor();
  await search.fill('DANA');
  expect(await list.getByRole('checkbox', { name: /Dana Nash/ }).isChecked()).toBe(true);

  await page.getByRole('button', { name: 'Send Email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send Email' });
  await confirm.getByText(`2 recipients: ${dana.email}, ${soren.email}`).waitFor();
  await shot(page, 'send-confirm-w1440');
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText('Email sent successfully').first().waitFor();
  // The editor starts over, so a second click cannot send the same email again.
  expect(await page.getByRole('button', { name: 'Send Email' }).isDisabled()).toBe(true);

  const sent = await eventually(async () => {
    const res = await stack.api('/api/marketing/campaigns', { token });
    const campaigns = (await res.json()) as { id: number; name: string; total_recipients: number }[];
    return campaigns.find((c) => c.name === 'News from the lake');
  });
  expect(sent.total_recipients).toBe(2);
  await page.close();
}, 60_000);

it('keeps the picker usable on a phone', async () => {
  const page = await composeToIndividuals(375);
  await page.getByLabel('Search contacts').fill('garcía');
  await page
    .getByRole('list', { name: 'Contacts' })
    .getByRole('checkbox', { name: /María García/ })
    .check();
  await page.getByLabel('Selected recipients').getByText(SEEDED_PEOPLE[1].email).waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await shot(page, 'send-picker-w375');
  await page.close();
}, 30_000);
