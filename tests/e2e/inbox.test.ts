/**
 * The Inbox in Chromium against the real gateway and services:
 * - the XSS corpus (contracts' INBOUND_XSS_CORPUS), each payload arriving as an email and opened
 *   in the detail dialog with remote images shown: no request to `/__xss/`, no alert, no script;
 * - the staff journey at 1440 px: the unread count in the navigation, 15 per page with
 *   'Showing x-y of n', server-side search, the detail dialog (sanitised HTML in a sandboxed
 *   frame, remote images blocked until 'Show images', attachments), opening marks read, Mark as
 *   Read from a row and Mark as Unread from the message view (the unread count follows), the
 *   sender added to the contacts in one click, Archive, permanent Delete with its toast, and the
 *   developer test helper from the filter menu;
 * - the same screen at 375 px: nothing wider than the viewport, the dialog usable;
 * - Reply to an unsubscribed contact: the send screen says it would not be sent, and Send stops.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { INBOUND_XSS_CORPUS } from '@lp/contracts';
import { openDashboardScreen } from '../support/browser.ts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';

const SECRET = 'e2e-inbound-secret-0123456789';
/** A 1×1 transparent PNG: what the remote image host answers. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const SHOTS = process.env.INBOX_SCREENSHOTS_DIR ?? join(tmpdir(), 'inbox-screens');

const rawEmail = (n: string, opts: { from?: string; subject: string; html?: string; text?: string }) =>
  Buffer.from(
    [
      `From: ${opts.from ?? `"Sender ${n}" <sender${n}@example.com>`}`,
      'To: info@lakepowelllots.com',
      `Subject: ${opts.subject}`,
      `Message-ID: <e2e-${n}@example.com>`,
      'MIME-Version: 1.0',
      opts.html ? 'Content-Type: text/html; charset=utf-8' : 'Content-Type: text/plain; charset=utf-8',
      '',
      opts.html ?? opts.text ?? 'Hello',
      '',
    ].join('\r\n'),
  );

describeOnEachBackend('the inbox in Chromium', (backend) => {
  let token: string;
  const { stack, browser } = useStackAndBrowser({
    backend,
    env: { WEBHOOK_SECRET: SECRET },
    setup: async () => {
      token = await stack.login();
      mkdirSync(SHOTS, { recursive: true });
    },
  });

  const post = async (provider: string, body: Buffer, type: string) => {
    const res = await fetch(`${stack.baseUrl}/api/inbound/${provider}?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  };
  const stored = (q: string, n: number) =>
    eventually(
      async () => {
        const res = await stack.api(`/api/marketing-dashboard/inbox?status=all&limit=100&q=${encodeURIComponent(q)}`, {
          token,
        });
        const page = (await res.json()) as { emails: unknown[] };
        return page.emails.length >= n ? true : undefined;
      },
      20_000,
      `${n} emails matching ${q}`,
    );

  async function signIn(width: number, height: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${stack.baseUrl}/marketing`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByText('Marketing Dashboard').waitFor();
    return page;
  }

  /** Signed in at `width` × `height`, the message found by `search` opened from the Inbox. */
  async function openMessage(width: number, height: number, search: string, subject: RegExp): Promise<Page> {
    const page = await signIn(width, height);
    await page.goto(`${stack.baseUrl}/marketing/inbox`);
    await page.getByLabel('Search emails').fill(search);
    await page.getByRole('button', { name: subject }).first().click();
    return page;
  }

  it('runs none of the XSS corpus', async () => {
    for (const [i, html] of INBOUND_XSS_CORPUS.entries())
      await post('raw', rawEmail(`xss-${i + 1}`, { subject: `XSS probe ${i + 1}`, html }), 'message/rfc822');
    await stored('XSS probe', INBOUND_XSS_CORPUS.length);

    const page = await signIn(1440, 900);
    const hits: string[] = [];
    const alerts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/__xss/')) hits.push(r.url());
    });
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: /^Inbox/ }).click();
    await page.getByLabel('Search emails').fill('XSS probe');
    await page.getByText('Showing 1-15 of 25').waitFor();
    // Newest first: probes 25 to 11 on the first page, 10 to 1 on the second.
    for (let n = INBOUND_XSS_CORPUS.length; n >= 1; n--) {
      if (n === 10) {
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Showing 16-25 of 25').waitFor();
      }
      await page.getByRole('button', { name: new RegExp(`XSS probe ${n}(?!\\d)`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Archive' }).waitFor();
      const frame = dialog.locator('iframe[title="Email content"]');
      if (await frame.count()) {
        expect(await frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
        const show = dialog.getByRole('button', { name: 'Show images' });
        if (await show.count()) await show.click();
        await (await frame.elementHandle())!.contentFrame().then((f) => f!.waitForLoadState('load'));
        // Whatever a reader could click, clicked.
        const inner = page.frameLocator('iframe[title="Email content"]');
        for (const el of await inner.locator('a, button, details, img').all())
          await el.click({ timeout: 1000 }).catch(() => {});
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect({ payload: n, hits, alerts }).toEqual({ payload: n, hits: [], alerts: [] });
    }
    expect(hits).toEqual([]);
    expect(alerts).toEqual([]);
    await page.close();
  });

  it('takes staff through their inbox at 1440 px', async () => {
    for (let i = 1; i <= 15; i++)
      await post(
        'raw',
        rawEmail(`bulk-${i}`, { subject: `Lot inquiry ${i}`, text: `Is lot ${i} still for sale?` }),
        'message/rfc822',
      );
    await post(
      'raw',
      rawEmail('rich', {
        from: '"Dana Reyes" <dana.reyes@example.org>',
        subject: 'Photos of lot 7',
        html: '<p>Here is the <b>view</b> from lot 7:</p><img alt="tracking" src="https://images.example.net/view.jpg">',
      }),
      'message/rfc822',
    );
    await post(
      'postmark',
      readFileSync(new URL('../../services/mailer/src/inbound/fixtures/postmark-inbound.json', import.meta.url)),
      'application/json',
    );
    await stored('Lot inquiry', 15);
    await stored('lot 7', 1);
    await stored('Test subject', 1);

    const page = await signIn(1440, 900);
    const inboxLink = page.getByRole('link', { name: /^Inbox/ });
    await expect.poll(() => inboxLink.textContent()).toMatch(/Inbox\d+ unread/);
    await inboxLink.click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    for (const name of ['From', 'Subject', 'Date']) await page.getByRole('columnheader', { name }).waitFor();
    // The XSS probes are read, the 17 new ones are not; the unread tab has the newest 15.
    await page.getByRole('tab', { name: 'Unread' }).click();
    await page.getByText('Showing 1-15 of 17').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 16-17 of 17').waitFor();
    await page.screenshot({ path: join(SHOTS, `inbox-1440-${backend}.png`), fullPage: true });

    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByLabel('Search emails').fill('Photos of lot 7');
    await page.getByText('Showing 1-1 of 1').waitFor();
    // Mark as Read from its row: no longer bold, one unread fewer (here and in the navigation).
    const main = page.getByRole('main');
    await main.getByText('17 unread').waitFor();
    const row = page.getByRole('row', { name: /Photos of lot 7/ });
    await row.getByRole('button', { name: 'Mark as read' }).click();
    await main.getByText('16 unread').waitFor();
    await row.getByRole('button', { name: 'Mark as unread' }).waitFor();
    expect(await row.evaluate((el) => el.classList.contains('font-semibold'))).toBe(false);
    await expect.poll(() => inboxLink.textContent()).toBe('Inbox16 unread');
    await row.getByRole('button', { name: 'Mark as unread' }).click();
    await main.getByText('17 unread').waitFor();
    await page.getByRole('button', { name: /Photos of lot 7/ }).click();
    const dialog = page.getByRole('dialog');
    // Opening marks it read; Mark as Unread from the message view makes it unread again, and stays so.
    await main.getByText('16 unread').waitFor();
    await dialog.getByRole('button', { name: 'Mark as unread' }).click();
    await page.getByText('Marked as unread').waitFor();
    await dialog.getByRole('button', { name: 'Mark as read' }).waitFor();
    await main.getByText('17 unread').waitFor();
    await dialog.getByRole('heading', { name: 'Photos of lot 7' }).waitFor();
    await dialog.getByText('<dana.reyes@example.org>').waitFor();
    const body = page.frameLocator('iframe[title="Email content"]');
    await body.getByText('from lot 7').waitFor();
    // Remote images stay blocked until asked for.
    const remote: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://images.example.net/')) remote.push(r.url());
    });
    await page.route('https://images.example.net/**', (route) =>
      route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG }),
    );
    await dialog.getByText('Remote images are blocked to protect your privacy.').waitFor();
    await page.screenshot({ path: join(SHOTS, `inbox-dialog-1440-${backend}.png`) });
    expect(remote).toEqual([]);
    await dialog.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => remote.length).toBeGreaterThan(0);
    // Shown, not only asked for: the dashboard's own policy lets the message's pictures in.
    await expect
      .poll(() =>
        body
          .locator('img[src^="https://images.example.net/"]')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Add to contacts' }).click();
    await page.getByText('Contact added successfully').waitFor();
    await dialog.getByRole('link', { name: 'In contacts' }).waitFor();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Email archived').waitFor();
    await page.getByText('No emails match your search.').waitFor();
    await page.getByRole('tab', { name: 'Archived' }).click();
    await page.getByRole('button', { name: /Photos of lot 7/ }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText('Email deleted').waitFor();
    await page.getByText('The email has been deleted permanently').waitFor();
    await page.getByText('No emails match your search.').waitFor();

    // An attachment is a download, served with its name.
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByLabel('Search emails').fill('Test subject');
    await page.getByRole('button', { name: /Test subject/ }).click();
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: /test\.txt/ }).click();
    expect((await download).suggestedFilename()).toBe('test.txt');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The developer test helper, from the filter menu.
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('menuitem', { name: 'Send a test email' }).click();
    const helper = page.getByRole('dialog', { name: 'Send a test email' });
    await helper.getByLabel('Sender name').fill('Olivia Outlook');
    await helper.getByLabel('Subject').fill('Sent from Outlook');
    await helper.getByLabel('Format').selectOption('outlook');
    await helper.getByRole('button', { name: 'Send test email' }).click();
    await page.getByText('Test email sent').waitFor();
    await page.getByLabel('Search emails').fill('Sent from Outlook');
    await page.getByRole('button', { name: /Sent from Outlook/ }).click({ timeout: 20_000 });
    await page
      .frameLocator('iframe[title="Email content"]')
      .getByText('Is the lot near the marina still available?')
      .waitFor();
    await page.close();
  });

  it('fits a 375 px phone', async () => {
    const page = await signIn(375, 812);
    await openDashboardScreen(page, /^Inbox/);
    await page.getByText(/Showing 1-15 of \d+/).waitFor();
    // Nothing reaches past the right edge (the page never scrolls sideways).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .filter((el) => !el.closest('[class*="overflow-x-auto"]'))
        .map((el) => `${el.tagName}.${el.className}`),
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, `inbox-375-${backend}.png`), fullPage: true });
    await page.getByRole('row').nth(1).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Archive' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SHOTS, `inbox-dialog-375-${backend}.png`) });
    await page.close();
  });

  it('names the broadcast a reply answers and links to it, at 1440 and 375 px', async () => {
    const knex = stack.platform.db.knex;
    const [campaign] = await knex
      .withSchema('mailer')
      .table('campaigns')
      .insert({ name: 'Spring lots broadcast', status: 'completed', subject: 'Lake view lots' })
      .returning<{ id: number }[]>('id');
    const [delivery] = await knex
      .withSchema('mailer')
      .table('deliveries')
      .insert({ campaign_id: campaign!.id, contact_id: 1, email: 'una@example.com', status: 'sent' })
      .returning<{ id: number }[]>('id');
    const reply = Buffer.from(
      [
        'From: "Una Long" <una@example.com>',
        'To: info@lakepowelllots.com',
        'Subject: Re: Lake view lots',
        'Message-ID: <e2e-reply-1@example.com>',
        `In-Reply-To: <d${delivery!.id}.c${campaign!.id}@mail.lakepowell.test>`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Is lot 12 still available?',
        '',
      ].join('\r\n'),
    );
    await post('raw', reply, 'message/rfc822');
    await stored('Is lot 12 still available', 1);
    for (const [width, height] of [
      [1440, 900],
      [375, 740],
    ] as const) {
      const page = await openMessage(width, height, 'lot 12 still', /Re: Lake view lots/);
      const dialog = page.getByRole('dialog');
      const link = dialog.getByRole('link', { name: 'Spring lots broadcast' });
      await link.waitFor();
      expect(await dialog.getByText('Reply to campaign:').count()).toBe(1);
      await page.screenshot({ path: join(SHOTS, `inbox-campaign-reply-${width}-${backend}.png`) });
      await link.click();
      await page.waitForURL(`${stack.baseUrl}/marketing/campaigns/${campaign!.id}`);
      await page.close();
    }
  });

  it('says a reply to an unsubscribed contact would not be sent, at 1440 and 375 px', async () => {
    await stack.platform.db.knex.withSchema('crm').table('contacts').insert({
      email: 'Vera.Quit@example.com',
      first_name: 'Vera',
      last_name: 'Quit',
      status: 'unsubscribed',
      source: 'manual_entry',
    });
    await post(
      'raw',
      rawEmail('unsubscribed', {
        from: '"Vera Quit" <vera.quit@example.com>',
        subject: 'One more question about lot 4',
        text: 'Does lot 4 have power at the street?',
      }),
      'message/rfc822',
    );
    await stored('power at the street', 1);
    const notice =
      'This reply would not be sent: Vera.Quit@example.com is unsubscribed, and unsubscribed or bounced contacts are never mailed. Answer from your own mail program.';
    for (const [width, height] of [
      [1440, 900],
      [375, 740],
    ] as const) {
      const page = await openMessage(width, height, 'power at the street', /One more question about lot 4/);
      await page.getByRole('dialog').getByRole('button', { name: 'Reply' }).click();
      await page.getByRole('heading', { name: 'Send an Email' }).waitFor();
      const warning = page.getByText(notice);
      await warning.waitFor();
      await warning.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `inbox-reply-unsubscribed-${width}-${backend}.png`) });
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByRole('button', { name: 'Send Email' }).click();
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog', { name: 'Send Email' }).count()).toBe(0);
      await warning.waitFor();
      await page.close();
    }
  });
});
