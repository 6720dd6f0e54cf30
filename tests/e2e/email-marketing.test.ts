/**
 * The e-mail screens in Chromium against the real gateway and mailer: a template created in
 * the dialog, edited with its sandboxed live preview (the policy strips a script), an unknown
 * merge tag refused, duplicated; 'Send an Email' from a template to chosen contacts (search,
 * badges, confirmation, toast); the campaigns table with its search, Pause and Resume, a draft
 * sent at once by its own confirmed Send now. The recipient picker searches crm's contacts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInToDashboard } from '../support/browser.ts';
import { eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotAtBothWidths } from '../support/screenshots.ts';

const shots = process.env.SCREENSHOTS_DIR;
const { stack, browser } = useStackAndBrowser({
  backend: 'embedded',
  setup: async () => {
    const knex = stack.platform.db.knex;
    const people = [
      ['Alice', 'Yazzie', 'alice@example.com'],
      ['Bob', 'Begay', 'bob@example.com'],
      ['Carla', 'Tso', 'carla@example.com'],
      ['Dan', 'Nez', 'dan@example.com'],
      ['Eve', 'Long', 'eve@example.com'],
    ];
    await knex
      .withSchema('crm')
      .table('contacts')
      .insert(
        people.map(([first, last, email]) => ({ first_name: first, last_name: last, email, source: 'manual_entry' })),
      );
  },
});

async function signedIn(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.route('**/api/marketing/lists', (route) => route.fulfill({ json: [] }));
  await signInToDashboard(page, stack);
  return page;
}

const shoot = (page: Page, name: string) => screenshotAtBothWidths(shots, page, name);

describe('templates and the email editor', () => {
  it('creates, previews, saves, duplicates a template and sends it to chosen contacts', async () => {
    const page = await signedIn();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Subject is required').waitFor();
    await dialog.getByLabel(/^Name/).fill('Spring lots');
    await dialog.getByLabel(/^Subject/).fill('New lots for {{firstName}}');
    // Blocks is the default editor (tests/e2e/block-editor.test.ts); this template is written as HTML.
    await dialog.getByRole('radio', { name: /^HTML/ }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/marketing\/templates\/\d+$/);
    await page.getByText('Template created').first().waitFor();

    const content = page.getByLabel(/^Content \(HTML\)/);
    expect(await content.inputValue()).toBe('<p>Start writing your email here...</p>');
    await content.fill(
      '<h1>Hi {{firstName}}</h1><p style="color: red; position: fixed">Lots {{nickname}}</p><script>document.title="x"</script>',
    );
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.getByRole('heading', { name: 'Hi Jane' }).waitFor();
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('p').first().getAttribute('style')).toBe('color: red');
    await shoot(page, 'template-editor');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.getByText('Unknown merge tag: {{nickname}}').waitFor();
    await content.fill('<h1>Hi {{firstName}}</h1><p>Lots near the lake</p>');
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.waitForURL(/\/marketing\/templates$/);
    await page.getByText('Template updated').first().waitFor();

    await page.getByRole('button', { name: 'Actions for Spring lots' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await page.getByText('Template duplicated successfully').first().waitFor();
    await page.getByRole('cell', { name: 'Spring lots (Copy)' }).first().waitFor();
    await shoot(page, 'templates');

    await page.getByRole('button', { name: 'Actions for Spring lots', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Use in Email' }).click();
    await page.waitForURL(/\/marketing\/send-email\?template=\d+$/);
    await page.getByRole('tab', { name: 'Compose' }).click();
    expect(await page.getByLabel(/^Subject/).inputValue()).toBe('New lots for {{firstName}}');
    await page.getByLabel('Choose individuals').check();
    await page.getByLabel('Search contacts').fill('ALI');
    const list = page.getByRole('list', { name: 'Contacts' });
    await expect.poll(() => list.getByRole('checkbox').count()).toBe(1);
    await list.getByRole('checkbox').check();
    await page.getByLabel('Search contacts').fill('');
    for (const name of ['Bob', 'Carla', 'Dan', 'Eve'])
      await list.getByRole('checkbox', { name: new RegExp(name) }).check();
    const badges = page.getByLabel('Selected recipients');
    await badges.getByText('+2 more').waitFor();
    await shoot(page, 'send-email');

    await page.getByRole('button', { name: 'Send Email' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send Email' });
    await confirm.getByText('Are you sure you want to send this email?').waitFor();
    await confirm.getByText(/alice@example\.com/).waitFor();
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Email sent successfully').first().waitFor();
  });
});

describe('campaigns table', () => {
  it('shows the editor send as not delivered when no SMTP is configured', async () => {
    const token = await stack.login();
    const detail = await eventually(async () => {
      const list = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as {
        id: number;
        name: string;
      }[];
      const sent = list.find((c) => c.name === 'New lots for {{firstName}}');
      if (!sent) return undefined;
      const d = (await (await stack.api(`/api/marketing/campaigns/${sent.id}`, { token })).json()) as {
        id: number;
        status: string;
        deliveries: Record<string, number>;
        failures: { error: string }[];
      };
      return d.status === 'completed' ? d : undefined;
    });
    expect(detail.deliveries.outbox).toBe(5);
    expect(detail.deliveries.sent).toBe(0);
    expect(detail.failures.every((f) => f.error === 'no SMTP configured')).toBe(true);
    const page = await signedIn();
    await page.goto(`${stack.baseUrl}/marketing/campaigns/${detail.id}`);
    await page.getByText('Not delivered (no SMTP configured)').waitFor();
    // The report lists the recipients: all five, then those a search finds.
    const recipients = page.getByRole('table', { name: 'Recipients' });
    await page.getByText('Showing 1–5 of 5').waitFor();
    expect(await recipients.getByText('Not delivered (no SMTP)').count()).toBe(5);
    await page.getByLabel('Search recipients').fill('zzz-nobody');
    await page.getByText('No recipients match.').waitFor();
    await page.getByLabel('Search recipients').fill('');
    await page.getByText('Showing 1–5 of 5').waitFor();
    await shoot(page, 'campaign');

    // A follow-up to those who did not open it: a new campaign, linked to this one.
    await page.getByRole('button', { name: 'Send to those who did not open…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a follow-up' });
    await dialog.getByLabel('Subject').fill('Still thinking about a lot?');
    await dialog.getByLabel('Send', { exact: true }).selectOption({ label: 'Now' });
    await shoot(page, 'campaign-follow-up-dialog');
    await dialog.getByRole('button', { name: 'Send follow-up' }).click();
    await page.getByText('A follow-up of').waitFor();
    expect(page.url()).not.toBe(`${stack.baseUrl}/marketing/campaigns/${detail.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'New lots for {{firstName}} (to those who did not open)',
    );
    await page.getByRole('link', { name: 'New lots for {{firstName}}', exact: true }).click();
    await page.waitForURL(`${stack.baseUrl}/marketing/campaigns/${detail.id}`);
  });

  it('lists campaigns with a search; pauses and resumes a scheduled one; creates a draft and sends it now, confirmed', async () => {
    const token = await stack.login();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const res = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        name: 'Autumn open house',
        subject: 'Open house',
        fromName: 'Lake Powell Lots',
        fromEmail: 'info@lakepowelllots.com',
        content: '<p>Come by</p>',
        recipients: ['bob@example.com'],
        scheduledFor: later,
      },
    });
    expect(res.status).toBe(202);
    await eventually(async () => {
      const list = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as {
        name: string;
        total_recipients: number;
      }[];
      return list.some((c) => c.name === 'Autumn open house' && c.total_recipients === 1) ? true : undefined;
    });
    const page = await signedIn();
    await page.goto(`${stack.baseUrl}/marketing/campaigns`);
    const row = page.getByRole('row', { name: /Autumn open house/ });
    await row.getByText('scheduled').waitFor();
    // Before it starts, the table shows how many it is expected to reach, labelled as such.
    await row.getByText(/0 \/ ≈1\s+expected/).waitFor();
    await page.getByLabel('Search campaigns').fill('autumn');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shoot(page, 'campaigns');
    await row.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Pause' }).click();
    await row.getByText('paused').waitFor();
    await row.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Resume' }).click();
    await row.getByText('scheduled').waitFor();
    await page.getByLabel('Search campaigns').fill('nothing like this');
    await page.getByText('No campaigns match your search').waitFor();
    // On a phone the table scrolls sideways; its empty message stays in view, not mid-table.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(async () => {
        const box = await page.getByText('No campaigns match your search').boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Create Campaign: the editor stores a draft; Send now (its own action) asks first, then starts it.
    await page.getByLabel('Search campaigns').fill('');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.waitForURL(/\/marketing\/send-email\?draft=1$/);
    await page
      .getByRole('button', { name: /^Spring lots\b/ })
      .first()
      .click();
    await page.getByLabel('Choose individuals').check();
    await page.getByRole('list', { name: 'Contacts' }).getByRole('checkbox', { name: /Bob/ }).check();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByRole('dialog', { name: 'Save Campaign' }).getByRole('button', { name: 'Save Draft' }).click();
    await page.waitForURL(/\/marketing\/campaigns$/);
    const draft = page.getByRole('row', { name: /\bdraft\b/ }).first();
    await draft.waitFor();
    // Scheduling needs a time: its button stays disabled until one is chosen, and it offers no "Send now".
    await draft.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Campaign' });
    expect(await schedule.getByRole('button', { name: 'Schedule' }).isDisabled()).toBe(true);
    expect(await schedule.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    await schedule.getByRole('button', { name: 'Cancel' }).click();
    await schedule.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row', { name: /\bdraft\b/ }).count()).toBe(1);
    await draft.getByRole('button', { name: /Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Send now' }).click();
    await page.getByRole('dialog', { name: 'Send Campaign Now' }).getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Campaign started').first().waitFor();
    await expect.poll(() => page.getByRole('row', { name: /\bdraft\b/ }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('tab', { name: 'Email Analytics' }).click();
    await page.getByText('Open rate').waitFor();
    await page.getByLabel('Time range').selectOption('90');
    await page.getByLabel('Chart type').selectOption('bar');
    await shoot(page, 'email-analytics');
  });
});
