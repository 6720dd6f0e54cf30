/**
 * The weekly e-mail report's settings on the Analytics screen, in Chromium against the real
 * gateway and mailer (embedded) mailing through a real SMTP sink: an owner opens them, is told a
 * report that is on needs a recipient and that an address is wrong, picks two staff accounts with
 * their addresses, a weekday and an hour, switches the report on and saves (the button says when
 * it goes); reopened, the saved settings; a test copy sent now reaches the sink and says so; then
 * switched off, which a reload keeps. A staff member who is not an owner sees the same settings
 * read-only, without Save (the gateway takes changes from owners only), and may still send
 * themselves a test. The dialog kept at 1440 and 375 px when E2E_SCREENSHOTS is set.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES } from '@lp/contracts';
import { launchBrowser } from '../support/browser.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { shootDialog } from '../support/screenshots.ts';

const TZ = 'America/Phoenix';
const STAFF = { username: 'sam.staff', password: 'Weekly-figures-2026!' };

const { stack, sink } = useStackAndSmtpSink({
  backend: 'embedded',
  env: { SITE_TIME_ZONE: TZ },
  setup: async (s) => {
    const created = await s.api('/api/marketing/staff', {
      token: await s.login(),
      body: { ...STAFF, role: 'staff' },
    });
    if (created.status !== 201) throw new Error(`staff account: ${created.status} ${await created.text()}`);
  },
});
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Tomorrow's weekday in the site's time zone: a slot that has not begun, so saving sends no report
 * (only a slot within its own hour would go out at once).
 */
const tomorrow = (): string => {
  const today = new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'long' }).format(new Date());
  return WEEKDAY_NAMES[(WEEKDAY_NAMES.indexOf(today as (typeof WEEKDAY_NAMES)[number]) + 1) % 7]!;
};

async function signedIn(account: { username: string; password: string }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${stack.baseUrl}/marketing/analytics`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  return page;
}

const reportButton = (page: Page) => page.getByRole('button', { name: /^Weekly report/ });

/** Opens the settings from the button beside the screen's title, once they have loaded. */
async function openSettings(page: Page): Promise<Locator> {
  await reportButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Weekly report' });
  await dialog.getByRole('group', { name: 'Recipients' }).waitFor();
  return dialog;
}

/** The settings as the dialog shows them: on or off, weekday, hour, each chosen account and its address. */
async function shown(dialog: Locator) {
  const recipients: string[] = [];
  for (const box of await dialog.getByRole('group', { name: 'Recipients' }).getByRole('checkbox').all()) {
    if (!(await box.isChecked())) continue;
    const name = (await box.evaluate((el) => el.closest('label')!.textContent!)).trim();
    recipients.push(`${name} ${await dialog.getByLabel(`Email for ${name}`).inputValue()}`);
  }
  const select = (label: string) =>
    dialog.getByLabel(label, { exact: true }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.text);
  return {
    on: await dialog.getByRole('checkbox', { name: 'Send the weekly report' }).isChecked(),
    weekday: await select('Weekday'),
    hour: await select('Hour'),
    recipients,
  };
}

describe('the weekly report dialog', () => {
  it('lets an owner choose recipients, weekday and hour, switch it on, send a test, switch it off, and keeps each through reopen and reload', async () => {
    const weekday = tomorrow();
    const page = await signedIn(stack.admin);
    await expect.poll(() => reportButton(page).textContent()).toBe('Weekly report · Off');
    let dialog = await openSettings(page);
    expect(await shown(dialog)).toEqual({ on: false, weekday: 'Monday', hour: '08:00', recipients: [] });
    await dialog.getByText('No weekly report has been sent yet.').waitFor();
    await dialog.getByText(`In the site's time zone, ${TZ}`).waitFor();
    const recipients = dialog.getByRole('group', { name: 'Recipients' });
    expect(
      await recipients
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((b) => b.closest('label')!.textContent!.trim())),
    ).toEqual([stack.admin.username, STAFF.username]);

    // On without anyone to send to: said under the recipients, nothing saved.
    await dialog.getByRole('checkbox', { name: 'Send the weekly report' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await recipients.getByRole('alert').getByText('Choose at least one recipient to turn the report on').waitFor();

    await recipients.getByRole('checkbox', { name: stack.admin.username, exact: true }).check();
    await dialog.getByLabel(`Email for ${stack.admin.username}`).fill('owner@example');
    await recipients.getByRole('checkbox', { name: STAFF.username, exact: true }).check();
    await dialog.getByLabel(`Email for ${STAFF.username}`).fill('sam@example.com');
    await dialog.getByLabel('Weekday').selectOption({ label: weekday });
    await dialog.getByLabel('Hour', { exact: true }).selectOption({ label: '07:00' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    // A wrong address: said on its own field.
    const ownerEmail = dialog.getByLabel(`Email for ${stack.admin.username}`);
    await expect.poll(() => ownerEmail.getAttribute('aria-invalid')).toBe('true');
    expect(
      await ownerEmail.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent),
    ).toBe('Valid email is required');
    expect(await dialog.getByLabel(`Email for ${STAFF.username}`).getAttribute('aria-invalid')).toBeNull();
    expect(await recipients.getByText('Choose at least one recipient to turn the report on').count()).toBe(0);
    await shootDialog(page, dialog, 'weekly-report-dialog-error');

    await ownerEmail.fill('owner@example.com');
    await expect.poll(() => ownerEmail.getAttribute('aria-invalid')).toBeNull();
    await shootDialog(page, dialog, 'weekly-report-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Weekly report saved')
      .waitFor();
    await expect.poll(() => reportButton(page).textContent()).toBe(`Weekly report · ${weekday}s 07:00`);

    const saved = {
      on: true,
      weekday,
      hour: '07:00',
      recipients: [`${stack.admin.username} owner@example.com`, `${STAFF.username} sam@example.com`],
    };
    dialog = await openSettings(page);
    expect(await shown(dialog)).toEqual(saved);

    // A test copy now, to one address, from a phone: the whole address shows in its field; it
    // reaches the mail relay, and the dialog says so.
    const address = 'sales@lakepowelllots.com';
    await page.setViewportSize({ width: 375, height: 800 });
    const testTo = dialog.getByLabel('Send a test to');
    await testTo.fill(address);
    expect(
      await testTo.evaluate((el) => ({ width: el.clientWidth, fits: el.scrollWidth <= el.clientWidth })),
    ).toMatchObject({ fits: true });
    await dialog.getByRole('button', { name: 'Send a test now' }).click();
    await dialog
      .getByRole('status')
      .getByText(`Test report sent. The mail relay accepted it for ${address}.`)
      .waitFor({ timeout: 20_000 });
    await page.setViewportSize({ width: 1440, height: 900 });
    const copy = sink.messages.find((m) => m.to === address);
    expect(copy?.parsed.subject).toMatch(/^\[Test\] Lake Powell Lots weekly report/);
    // The schedule's slot is tomorrow: nothing went to the recipients, and no report is recorded.
    expect(sink.messages.map((m) => m.to)).toEqual([address]);
    await dialog.getByText('No weekly report has been sent yet.').waitFor();
    await shootDialog(page, dialog, 'weekly-report-dialog-test-sent');

    await dialog.getByRole('checkbox', { name: 'Send the weekly report' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => reportButton(page).textContent()).toBe('Weekly report · Off');

    await page.reload();
    await expect.poll(() => reportButton(page).textContent()).toBe('Weekly report · Off');
    dialog = await openSettings(page);
    // Off, the rest as it was set.
    expect(await shown(dialog)).toEqual({ ...saved, on: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows a staff member who is not an owner the settings read-only, without Save, and sends them a test', async () => {
    const weekday = tomorrow();
    const owner = await stack.login();
    const accounts = (await (await stack.api('/api/marketing-dashboard/weekly-report', { token: owner })).json()) as {
      accounts: { id: number; username: string }[];
    };
    const staffId = accounts.accounts.find((a) => a.username === STAFF.username)!.id;
    const set = await stack.api('/api/marketing-dashboard/weekly-report', {
      token: owner,
      method: 'PUT',
      body: {
        enabled: true,
        weekday: WEEKDAY_NAMES.indexOf(weekday as (typeof WEEKDAY_NAMES)[number]) + 1,
        hour: 9,
        recipients: [{ staffId, email: 'sam@example.com' }],
      },
    });
    expect(set.status).toBe(200);

    const page = await signedIn(STAFF);
    await expect.poll(() => reportButton(page).textContent()).toBe(`Weekly report · ${weekday}s 09:00`);
    const dialog = await openSettings(page);
    await dialog.getByText('Only an owner can change the weekly report.').waitFor();
    expect(await shown(dialog)).toEqual({
      on: true,
      weekday,
      hour: '09:00',
      recipients: [`${STAFF.username} sam@example.com`],
    });
    // Every setting is there to read, none to change, and nothing to save.
    const controls = [
      dialog.getByRole('checkbox', { name: 'Send the weekly report' }),
      dialog.getByLabel('Weekday'),
      dialog.getByLabel('Hour', { exact: true }),
      ...(await dialog.getByRole('group', { name: 'Recipients' }).getByRole('checkbox').all()),
      dialog.getByLabel(`Email for ${STAFF.username}`),
    ];
    for (const control of controls) expect(await control.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shootDialog(page, dialog, 'weekly-report-dialog-read-only');

    // A test copy is anyone's to send.
    const before = sink.messages.length;
    await dialog.getByLabel('Send a test to').fill('sam@example.com');
    await dialog.getByRole('button', { name: 'Send a test now' }).click();
    await dialog
      .getByRole('status')
      .getByText('Test report sent. The mail relay accepted it for sam@example.com.')
      .waitFor({ timeout: 20_000 });
    expect(sink.messages.slice(before).map((m) => [m.to, m.parsed.subject?.startsWith('[Test]')])).toEqual([
      ['sam@example.com', true],
    ]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});
