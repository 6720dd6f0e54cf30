/**
 * Lead replies in Chromium, as an owner sets them up and a visitor meets them: on Form Submissions
 * the owner turns on the general reply with a template and the staff alert to a typed address,
 * saves, reopens (the saved choices); a visitor sends the contact form; one reply reaches the
 * visitor and one alert the staff address, through the SMTP sink. The dialog fits a 375 px screen.
 * Then the lead's First response reads "—" until staff add it to the contacts and log a call from
 * its history; the median per week counts it. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { screenshotInto, shootDialog } from '../support/screenshots.ts';
import { eventually } from '../support/stack.ts';

const { stack, sink } = useStackAndSmtpSink({
  backend: 'embedded',
  setup: async (s) => {
    const res = await s.api('/api/marketing/templates', {
      token: await s.login(),
      body: {
        name: 'Thanks for asking',
        subject: 'Thanks {{firstName}}, we got your message',
        content: '<p>Hi {{firstName}}, we will call you back today.</p>',
      },
    });
    if (res.status !== 201) throw new Error(`template: ${res.status} ${await res.text()}`);
  },
});
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openDialog(page: Page) {
  await page.getByRole('button', { name: /^Lead replies/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Lead replies and alerts' });
  await dialog.getByLabel('Template for general leads').waitFor();
  return dialog;
}

it('an owner turns on the general reply and the staff alert; a contact form then gets one reply and one alert', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${stack.baseUrl}/marketing/form-submissions`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Form Submissions' }).waitFor();
  await page.getByRole('button', { name: 'Lead replies · Replies off, alert off' }).waitFor();

  let dialog = await openDialog(page);
  await dialog.getByLabel('Reply to general leads').check();
  await dialog.getByLabel('Template for general leads').selectOption({ label: 'Thanks for asking' });
  await dialog.getByLabel('Alert staff of every new lead').check();
  await dialog.getByRole('button', { name: 'Add an address' }).click();
  await dialog.getByLabel('Other address 1').fill('sales@lakepowell.test');
  await shootDialog(page, dialog, 'lead-replies-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Lead replies · 1 of 5 replies on, alert on' }).waitFor();

  // Reopened after a reload: the saved choices.
  await page.reload();
  dialog = await openDialog(page);
  expect(await dialog.getByLabel('Reply to general leads').isChecked()).toBe(true);
  expect(await dialog.getByLabel('Reply to lot leads').isChecked()).toBe(false);
  expect(await dialog.getByLabel('Other address 1').inputValue()).toBe('sales@lakepowell.test');
  await page.keyboard.press('Escape');

  // A visitor's message from the contact page.
  const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await visitor.goto(`${stack.baseUrl}/contact`);
  await visitor.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await visitor.getByLabel('First name').fill('Nora');
  await visitor.getByLabel('Last name').fill('Begay');
  await visitor.getByLabel('Phone').fill('928-555-0142');
  await visitor.getByLabel('Email').fill('nora.begay@example.com');
  // Selling is none of the interests with replies of their own: a general lead.
  await visitor.getByLabel("I'm interested in").selectOption('selling');
  await visitor.getByLabel(/^Message/).fill('I would like to sell my lot near Page.');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await visitor.getByText("We'll be in touch soon!").first().waitFor();

  const to = (address: string) => sink.messages.filter((m) => m.to === address);
  await eventually(
    async () => (to('nora.begay@example.com').length && to('sales@lakepowell.test').length ? true : undefined),
    15_000,
    'the reply and the alert',
  );
  // Nothing more comes for the same message.
  await new Promise((r) => setTimeout(r, 1500));
  expect(to('nora.begay@example.com')).toHaveLength(1);
  expect(to('sales@lakepowell.test')).toHaveLength(1);
  expect(to('nora.begay@example.com')[0]!.parsed!.subject).toBe('Thanks Nora, we got your message');
  expect(to('sales@lakepowell.test')[0]!.parsed!.subject).toMatch(/^New lead \(General\): Nora Begay$/);
});

it("shows each lead's first response: none until staff log a call with it", async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${stack.baseUrl}/marketing/form-submissions`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Nora Begay details' }) });
  const firstResponse = () =>
    row.evaluate((tr) => {
      const headers = [...tr.closest('table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      return tr.children[headers.indexOf('First response')]?.textContent?.trim();
    });
  await row.waitFor();
  expect(await firstResponse()).toBe('—');
  const weeks = page.getByRole('table', { name: 'Median time to first response per week' });
  expect(await weeks.getByRole('row').count()).toBe(9);

  // Staff add the lead to the contacts and log a call from its history.
  await row.getByRole('button', { name: 'Add nora.begay@example.com to contacts' }).click();
  await row.getByRole('button', { name: 'nora.begay@example.com is in contacts' }).waitFor();
  await page.goto(`${stack.baseUrl}/marketing/contacts`);
  await page.getByRole('button', { name: 'Actions for nora.begay@example.com' }).click();
  await page.getByRole('menuitem', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Contact History' });
  await history.getByLabel('Call note (optional)').fill('Called back about selling her lot');
  await history.getByRole('button', { name: 'Log a call' }).click();
  await history.getByText('Call logged by', { exact: false }).waitFor();
  await shootDialog(page, history, 'contact-history-log-a-call');
  await page.keyboard.press('Escape');

  await page.goto(`${stack.baseUrl}/marketing/form-submissions`);
  await row.waitFor();
  expect(await firstResponse()).toMatch(/^(under 1 min|\d+ min)$/);
  const thisWeek = weeks.getByRole('row').nth(1);
  expect(await thisWeek.getByRole('cell').nth(2).textContent()).toBe('1');
  await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'form-submissions-first-response');
});
