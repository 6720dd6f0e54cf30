/**
 * Every public form in a browser against the real stack: validation messages, the success toast
 * and thank-you state, the submission stored (read back through the staff API after logging in),
 * failure toasts (request intercepted), one submission for a double click; the toast viewport (one
 * toast at a time, F8, swipe right to dismiss, 420 px wide at most); then the dashboard's
 * login, shell, cards, submissions table and logout.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FormSubmission } from '@lp/contracts';
import { useStackAndBrowser } from '../support/fixtures.ts';

const { stack, browser } = useStackAndBrowser();

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  if (path !== '/contact') await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.getByLabel('First name').waitFor();
  return page;
}

async function submissions(): Promise<FormSubmission[]> {
  const token = await stack.login();
  const res = await stack.api('/api/marketing/submissions', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as FormSubmission[];
}

async function fill(page: Page, who: string) {
  await page.getByLabel('First name').fill(who);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Phone').fill('928-555-0100');
  await page.getByLabel('Email').fill(`${who.toLowerCase()}@example.com`);
}

const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Notifications (F8)' }).getByText(title, { exact: true });

const SHARED = [
  {
    path: '/',
    source: 'home',
    success: ['Success!', 'Thank you for your submission! We will contact you shortly.'],
    error: ['Error', 'There was a problem submitting your form. Please try again.'],
  },
  {
    path: '/market',
    source: 'market',
    success: ['Message sent!', "We'll get back to you as soon as possible."],
    error: ['Error', 'There was a problem sending your message. Please try again.'],
  },
  {
    path: '/investment',
    source: 'investment',
    interest: 'Short Term Rental Investment',
    success: ['Message sent!', "We'll get back to you as soon as possible."],
    error: ['Error', 'There was a problem sending your message. Please try again.'],
  },
  {
    path: '/builder-package-1',
    source: 'builder-package-1',
    interest: 'Builder Package',
    topic: 'Builder Package Interest',
    success: ['Message Sent', "Thank you for your interest! We'll be in touch soon."],
    error: ['Error', 'There was a problem sending your message. Please try again.'],
  },
] as const;

describe.each(SHARED)('shared form on $path', (form) => {
  it('validates on submit with the spec messages', async () => {
    const page = await open(form.path);
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const msg of [
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid email is required',
    ]) {
      await page.getByText(msg).waitFor();
    }
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('First name').fill('A');
    await expect.poll(() => page.getByText('First name is required').count()).toBe(0);
    await page.close();
  });

  it('shows the failure toast and stays editable when the server fails', async () => {
    const page = await open(form.path);
    await page.route('**/api/contact', (r) =>
      r.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"message":"down","code":"unavailable"}}',
      }),
    );
    await fill(page, 'Failing');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, form.error[0]).waitFor();
    await page.getByText(form.error[1]).waitFor();
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    await page.close();
  });

  it('stores the submission with its source, page and topic, and confirms it', async () => {
    const page = await open(form.path);
    const who = `Lead${form.source.replace(/\W/g, '')}`;
    await fill(page, who);
    await page.getByLabel(/^Message/).fill('Please call me about lots.');
    await page.getByRole('button', { name: 'Send Message' }).dblclick();
    await toast(page, form.success[0]).waitFor();
    expect(await page.getByRole('button', { name: 'Message Sent' }).isDisabled()).toBe(true);
    await expect
      .poll(async () => (await submissions()).filter((s) => s.firstName === who).length, { timeout: 10_000 })
      .toBe(1);
    const stored = (await submissions()).filter((s) => s.firstName === who);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      source: form.source,
      page: form.path,
      lastName: 'Tester',
      phone: '928-555-0100',
    });
    if ('interest' in form) expect(stored[0]!.interest).toBe(form.interest);
    if ('topic' in form) expect(stored[0]!.topic).toBe(form.topic);
    await page.close();
  });
});

describe('contact page form', () => {
  it('requires all six fields with the spec messages', async () => {
    const page = await open('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const msg of [
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid email is required',
      'Please select an interest',
      'Message is required',
    ]) {
      await page.getByText(msg).waitFor();
    }
    await page.close();
  });

  it('shows the destructive failure toast', async () => {
    const page = await open('/contact');
    await page.route('**/api/contact', (r) => r.fulfill({ status: 500, body: 'boom' }));
    await fill(page, 'Oops');
    await page.getByLabel("I'm interested in").selectOption('selling');
    await page.getByLabel(/^Message/).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Form submission failed').waitFor();
    await page.getByText('Please try again later.').waitFor();
    await page.close();
  });

  it('stores the submission, shows the thank-you panel, then returns to an empty form', async () => {
    const page = await open('/contact');
    await fill(page, 'Contactpage');
    await page.getByLabel("I'm interested in").selectOption('buying');
    await page.getByLabel(/^Message/).fill('Is lot 12 still available?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Form submitted successfully').waitFor();
    await page.getByText("We'll be in touch soon!").first().waitFor();
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    await expect
      .poll(async () => (await submissions()).some((s) => s.firstName === 'Contactpage'), { timeout: 10_000 })
      .toBe(true);
    const stored = (await submissions()).find((s) => s.firstName === 'Contactpage');
    expect(stored).toMatchObject({
      source: 'contact-page',
      interest: 'buying',
      message: 'Is lot 12 still available?',
      page: '/contact',
    });
    await page.close();
  });
});

describe('toast viewport', () => {
  it('shows one toast at a time, F8 moves focus into it, a swipe right past 50 px dismisses it', async () => {
    const page = await open('/market');
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    const cards = region.locator('[data-toast]');
    await page.route('**/api/contact', (r) => r.fulfill({ status: 503, body: 'down' }));
    await fill(page, 'Toast');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Error').waitFor();
    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (r) =>
      r.fulfill({ status: 201, contentType: 'application/json', body: '{"id":1}' }),
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent!').waitFor();
    expect(await cards.count()).toBe(1);
    expect((await region.boundingBox())!.width).toBeLessThanOrEqual(420);

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[aria-label="Notifications (F8)"]'))).toBe(
      true,
    );

    const swipe = async (dx: number) => {
      const box = (await cards.first().boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx, y, { steps: 8 });
      await page.mouse.up();
    };
    await swipe(30);
    expect(await cards.count()).toBe(1);
    await swipe(90);
    await expect.poll(() => cards.count()).toBe(0);
    await page.close();
  });
});

describe('dashboard login and shell', () => {
  it('validates, refuses bad credentials, signs in, shows the cards and submissions, logs out', async () => {
    const submission = {
      firstName: 'Dana',
      lastName: 'Board',
      phone: '928-555-0199',
      email: 'dana@example.com',
      interest: 'buying',
      message: 'Hi',
      source: 'contact-page',
      website: '',
      elapsedMs: 5000,
    };
    const created = await stack.api('/api/contact', {
      body: submission,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await submissions()).some((s) => s.firstName === 'Dana'), { timeout: 10_000 })
      .toBe(true);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const asked: string[] = [];
    page.on('request', (r) => void asked.push(new URL(r.url()).pathname));
    await page.goto(`${stack.baseUrl}/marketing`);
    await page.getByRole('heading', { name: 'Marketing', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await toast(page, 'Login failed').waitFor();
    await page.getByText('Invalid username or password').waitFor();

    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await toast(page, 'Login successful').waitFor();
    await page.getByText('Marketing Dashboard', { exact: true }).waitFor();
    for (const title of ['Contacts', 'Campaigns', 'Lists', 'Open rate', 'Click rate', 'Form Responses']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    // Each card's real month-over-month change; a fresh database has nothing to compare with.
    expect(await page.getByText('— from last month').count()).toBe(6);
    const responses = page.getByRole('link', { name: /Form Responses/ });
    expect(Number((await responses.locator('p').first().textContent())?.replace(/\D/g, ''))).toBe(
      (await submissions()).length,
    );
    // The home counts submissions from crm's stats; it never downloads the list itself.
    expect(asked).toContain('/api/marketing/stats');
    expect(asked).not.toContain('/api/marketing/submissions');
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/token|session_token|Bearer/i);

    await page.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL(/\/marketing\/templates$/);
    await page.locator('a[aria-current="page"]', { hasText: 'Templates' }).waitFor();
    await page.goto(`${stack.baseUrl}/marketing/templates/12`);
    await page.getByText('Marketing Dashboard', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Form Submissions' }).click();
    await page.getByRole('heading', { name: 'Form Submissions' }).waitFor();
    for (const col of ['Name', 'Email', 'Phone', 'Interest', 'Source', 'Date'])
      await page.getByRole('columnheader', { name: col }).waitFor();
    await page.getByRole('cell', { name: 'Dana Board' }).waitFor();
    await page
      .getByRole('row', { name: /Dana Board/ })
      .getByRole('cell', { name: 'Buying a property' })
      .waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged out').waitFor();
    await page.getByText('You have been logged out successfully').waitFor();
    await page.waitForURL(`${stack.baseUrl}/marketing`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.close();
  });

  it('public pages never download the dashboard chunk', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    for (const path of ['/', '/market', '/contact', '/map']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    }
    expect(scripts.some((s) => s.includes('dashboard'))).toBe(false);
    await page.close();
  });
});
