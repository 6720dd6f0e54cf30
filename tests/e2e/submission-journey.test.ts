/**
 * The first flow as people live it, in Chromium against the real gateway and services:
 * a visitor sends the contact page's form; a staff member signs in to the dashboard and
 * finds the submission among the form submissions and reads its message; signing out really
 * ends the session.
 */
import { expect, it } from 'vitest';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';

describeOnEachBackend('a form submission from the contact page reaches staff', (backend) => {
  const { stack, browser } = useStackAndBrowser({ backend });

  it('is sent by a visitor, then read by signed-in staff', async () => {
    const visitor = await browser.newPage();
    await visitor.goto(`${stack.baseUrl}/contact`);
    await visitor.getByLabel(/^First name/).fill('Rosa');
    await visitor.getByLabel(/^Last name/).fill('Tsosie');
    await visitor.getByLabel(/^Phone/).fill('(928) 555-0188');
    await visitor.getByLabel(/^Email/).fill('rosa.tsosie@example.com');
    await visitor.getByLabel(/^I'm interested in/).selectOption('buying');
    await visitor.getByLabel(/^Message/).fill('We would like to walk lots 4 and 5 next Saturday.');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect(await visitor.getByText('Form submitted successfully').isVisible()).toBe(true);
    await visitor.close();

    const staff = await browser.newPage();
    await staff.goto(`${stack.baseUrl}/marketing`);
    await staff.getByRole('heading', { name: 'Marketing' }).waitFor();
    await staff.getByLabel('Username').fill(stack.admin.username);
    await staff.getByLabel('Password').fill(stack.admin.password);
    await staff.getByRole('button', { name: 'Log in' }).click();
    await staff.getByRole('banner').getByText('Marketing Dashboard').waitFor();
    await staff.getByRole('link', { name: 'Form Submissions' }).click();
    const row = staff.getByRole('row', { name: /Rosa Tsosie/ });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('rosa.tsosie@example.com');
    await row.getByRole('button', { name: 'Rosa Tsosie details' }).click();
    await staff
      .getByRole('region', { name: 'Message from Rosa Tsosie' })
      .getByText('We would like to walk lots 4 and 5 next Saturday.')
      .waitFor();

    await staff.getByRole('button', { name: 'Logout' }).click();
    await staff.getByText('You have been logged out successfully').waitFor();
    const after = await staff.request.get(`${stack.baseUrl}/api/marketing/submissions`);
    expect(after.status()).toBe(401);
    await staff.close();
  });
});
