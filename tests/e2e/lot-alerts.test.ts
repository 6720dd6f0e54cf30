/**
 * Lot alerts in a browser: the map's lot panel leads to the lot's page, where a visitor finds
 * "Tell me when this lot changes", sends the form empty (the message shows on the field), then
 * with an address, and reads
 * "Check your inbox to confirm"; the confirmation link from the mail (a real SMTP sink) says
 * the alerts are on; the dashboard's Lots table shows the lot's watcher in its Watchers column.
 * Screenshots at phone and desktop width when E2E_SCREENSHOTS names a folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

const sink = await startSmtpSink();
afterAll(() => sink.close());
const { stack, browser } = useStackAndBrowser({ env: { SMTP_URL: sink.url } });
const shots = process.env.E2E_SCREENSHOTS;

describe('lot alerts', () => {
  it('a visitor watches a lot, confirms by mail, and staff see the watcher', async () => {
    // From the lot map: the lot's panel leads to its page's form.
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await phone.goto(`${stack.baseUrl}/map`);
    await phone.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await phone.locator('[data-lot="9"]').click();
    const details = phone.getByRole('region', { name: 'Lot 9 details' });
    await details.waitFor();
    await screenshotInto(shots, phone, 'lot-alerts-map-w375');
    await details.getByRole('link', { name: 'Tell me when this lot changes' }).click();
    await phone.waitForURL(/\/lots\/9#watch$/);
    await phone.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const form = phone.getByRole('form', { name: 'Tell me when this lot changes' });
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByText('Valid email is required').waitFor();
    expect(await form.getByLabel('Email for lot alerts').getAttribute('aria-invalid')).toBe('true');
    await form.scrollIntoViewIfNeeded();
    await screenshotInto(shots, phone, 'lot-alerts-invalid-w375');
    await form.getByLabel('Email for lot alerts').fill('watcher@lakepowell.test');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await phone.getByRole('status').getByText('Check your inbox to confirm').waitFor();
    await screenshotInto(shots, phone, 'lot-alerts-sent-w375');

    const mail = await eventually(
      async () => sink.messages.find((m) => m.to === 'watcher@lakepowell.test'),
      20_000,
      'the confirmation',
    );
    const path = /\/lot-alerts\/confirm\/[\w.-]+/.exec(String(mail.parsed.text))![0];
    await phone.goto(`${stack.baseUrl}${path}`);
    await phone.getByRole('heading', { name: 'Turn on alerts for lot 9?' }).waitFor();
    await phone.getByRole('button', { name: 'Turn on alerts' }).click();
    await phone.getByRole('heading', { name: 'Alerts for lot 9 are on' }).waitFor();
    await screenshotInto(shots, phone, 'lot-alerts-confirmed-w375');
    await phone.close();

    const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await desktop.goto(`${stack.baseUrl}/lots/9`);
    await desktop.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await desktop.getByRole('form', { name: 'Tell me when this lot changes' }).waitFor();
    await screenshotInto(shots, desktop, 'lot-alerts-form-w1440');

    await desktop.goto(`${stack.baseUrl}/marketing`);
    await desktop.getByLabel('Username').fill(stack.admin.username);
    await desktop.getByLabel('Password').fill(stack.admin.password);
    await desktop.getByRole('button', { name: 'Log in' }).click();
    await desktop.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Lots' }).click();
    await desktop.getByRole('heading', { name: 'Lots', level: 1 }).waitFor();
    const headers = await desktop.getByRole('columnheader').allInnerTexts();
    const column = headers.findIndex((h) => h.startsWith('Watchers'));
    expect(column).toBeGreaterThan(0);
    const cellOf = (lot: number) =>
      desktop
        .getByRole('row')
        .filter({ has: desktop.getByRole('checkbox', { name: `Select lot ${lot}`, exact: true }) })
        .locator('th, td')
        .nth(column);
    await expect.poll(() => cellOf(9).innerText()).toBe('1');
    expect(await cellOf(10).innerText()).toBe('0');
    await screenshotInto(shots, desktop, 'lot-alerts-lots-table-w1440');
    await desktop.close();
  });
});
