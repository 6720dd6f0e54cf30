/**
 * The block editor in Chromium against the real gateway, mailer, content and inventory: staff
 * create a template with the Blocks editor, write a heading with a merge tag from the menu,
 * formatted text, a button, an uploaded image, a lot card and two columns, see the mailer's
 * render at desktop and phone width, save, reopen it as saved, and send it from 'Send an Email';
 * the mail that reaches a real SMTP sink carries the blocks, personalised. Screenshots (the
 * editor with each preview width) when E2E_SCREENSHOTS names a folder.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInToDashboard } from '../support/browser.ts';
import { eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { screenshotInto } from '../support/screenshots.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

/** The site's public address in mail (https, as mail images must be). */
const PUBLIC = 'https://lakepowell.test';
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const shots = process.env.E2E_SCREENSHOTS;

const sink = await startSmtpSink();
afterAll(() => sink.close());
const { stack, browser } = useStackAndBrowser({
  env: { SMTP_URL: sink.url, MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
  setup: async () => {
    await stack.platform.db.knex
      .withSchema('crm')
      .table('contacts')
      .insert({ first_name: 'Ann', last_name: 'Buyer', email: 'ann@example.com', source: 'manual_entry' });
  },
});

describe('block editor', () => {
  it('builds an e-mail from blocks, previews it at both widths, saves, reopens and sends it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.route('**/api/marketing/lists', (route) => route.fulfill({ json: [] }));
    await signInToDashboard(page, stack);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    expect(await dialog.getByRole('radio', { name: /^Blocks/ }).isChecked()).toBe(true);
    await dialog.getByLabel(/^Name/).fill('Lake view lots');
    await dialog.getByLabel(/^Subject/).fill('New lots for {{firstName}}');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/marketing\/templates\/\d+$/);
    const editUrl = page.url();

    // A new block template starts with a heading and a paragraph; no HTML field.
    expect(await page.getByLabel(/^Content \(HTML\)/).count()).toBe(0);
    const heading = page.getByRole('group', { name: 'Block 1: Heading' });
    await heading.getByRole('textbox', { name: 'Heading text', exact: true }).fill('Lake-view lots for ');
    await heading.getByLabel('Insert merge tag in heading text').selectOption('firstName');
    expect(await heading.getByRole('textbox', { name: 'Heading text', exact: true }).inputValue()).toBe(
      'Lake-view lots for {{firstName}}',
    );
    await page
      .getByRole('group', { name: 'Block 2: Text' })
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill(
        'Three lots opened **this week** near Page.\n\nAsk us about [financing](https://lakepowelllots.com/contact).',
      );

    await page.getByRole('button', { name: 'Add button', exact: true }).click();
    const button = page.getByRole('group', { name: 'Block 3: Button' });
    await button.getByRole('textbox', { name: 'Button text', exact: true }).fill('See the lot map');
    await button.getByRole('textbox', { name: 'Button link', exact: true }).fill('https://lakepowelllots.com/map');

    await page.getByRole('button', { name: 'Add image', exact: true }).click();
    const image = page.getByRole('group', { name: 'Block 4: Image' });
    await image
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: PNG_1x1 });
    await image.locator('img[src^="/media/"]').waitFor();
    await image.getByRole('textbox', { name: 'Image description', exact: true }).fill('The north rim');

    await page.getByRole('button', { name: 'Add lot card', exact: true }).click();
    await page
      .getByRole('group', { name: 'Block 5: Lot card' })
      .getByRole('combobox', { name: 'Lot', exact: true })
      .selectOption('7');

    await page.getByRole('button', { name: 'Add two columns', exact: true }).click();
    const columns = page.getByRole('group', { name: 'Block 6: Two columns' });
    await columns
      .getByRole('group', { name: 'Left column, block 1: Text' })
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Visit our office in Page.');
    await columns
      .getByRole('group', { name: 'Right column, block 1: Text' })
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Call us any day.');

    // The preview is the mailer's render, with sample merge values, at desktop width first.
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.getByRole('heading', { name: 'Lake-view lots for Jane' }).waitFor();
    await frame.getByRole('link', { name: 'See the lot map' }).waitFor();
    await frame.getByRole('heading', { name: 'Lot 7' }).waitFor();
    await frame.getByText('Call us any day.').waitFor();
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
    const frameWidth = () =>
      page.locator('iframe[title="Email preview"]').evaluate((f) => f.getBoundingClientRect().width);
    expect(await frameWidth()).toBe(640);
    // Pictures are addressed from the public origin in mail (a host this test cannot resolve).
    expect(
      await frame
        .locator('img[alt="The north rim"], img[alt="Lot 7"]')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
    ).toEqual([expect.stringMatching(new RegExp(`^${PUBLIC}/media/[a-f0-9]{64}\\.png$`)), `${PUBLIC}/og-image.png`]);
    await screenshotInto(shots, page, 'block-editor-desktop-preview-w1440');
    const previewShot = async (name: string) => {
      if (shots) await page.locator('iframe[title="Email preview"]').screenshot({ path: join(shots, `${name}.png`) });
    };
    await previewShot('block-editor-preview-640');
    await page.getByRole('button', { name: 'Phone (375 px)' }).click();
    expect(await frameWidth()).toBe(375);
    await frame.getByRole('heading', { name: 'Lot 7' }).waitFor();
    await screenshotInto(shots, page, 'block-editor-phone-preview-w1440');
    await previewShot('block-editor-preview-375');

    // An incomplete block stops the save with its field marked.
    await page.getByRole('button', { name: 'Add button', exact: true }).click();
    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.getByRole('group', { name: 'Block 7: Button' }).getByText('Write the button text').waitFor();
    await page.getByRole('button', { name: 'Remove block 7' }).click();

    await page.getByRole('button', { name: 'Save Template' }).click();
    await page.waitForURL(/\/marketing\/templates$/);
    await page.getByText('Template updated').first().waitFor();

    // Reopened, it is the block template as saved.
    await page.goto(editUrl);
    const reopened = page.getByRole('group', { name: 'Block 1: Heading' });
    await reopened.waitFor();
    expect(await reopened.getByRole('textbox', { name: 'Heading text', exact: true }).inputValue()).toBe(
      'Lake-view lots for {{firstName}}',
    );
    expect(
      await page
        .getByRole('group', { name: 'Block 5: Lot card' })
        .getByRole('combobox', { name: 'Lot', exact: true })
        .inputValue(),
    ).toBe('7');
    await page.getByRole('group', { name: 'Block 4: Image' }).locator('img[src^="/media/"]').waitFor();

    // Sent from 'Send an Email' with this template.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Actions for Lake view lots' }).click();
    await page.getByRole('menuitem', { name: 'Use in Email' }).click();
    await page.waitForURL(/\/marketing\/send-email\?template=\d+$/);
    await page.getByRole('tab', { name: 'Compose' }).click();
    await page.getByLabel('Choose individuals').check();
    await page.getByLabel('Search contacts').fill('ann');
    const list = page.getByRole('list', { name: 'Contacts' });
    await list.getByRole('checkbox', { name: /Ann/ }).check();
    await page.getByRole('button', { name: 'Send Email' }).click();
    await page.getByRole('dialog', { name: 'Send Email' }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Email sent successfully').first().waitFor();

    const mail = await eventually(
      async () => sink.messages.find((m) => m.to === 'ann@example.com'),
      20_000,
      'the block e-mail',
    );
    expect(mail.parsed.subject).toBe('New lots for Ann');
    const html = String(mail.parsed.html);
    expect(html).toMatch(/<h1 [^>]*>Lake-view lots for Ann<\/h1>/);
    expect(html).toContain('Three lots opened <strong>this week</strong> near Page.');
    expect(html).toContain(`?u=${encodeURIComponent('https://lakepowelllots.com/map')}`);
    expect(html).toMatch(/>See the lot map<\/a>/);
    expect(html).toContain('>Lot 7</h3>');
    expect(html).toContain(`?u=${encodeURIComponent(`${PUBLIC}/lots/7`)}`);
    expect(html).toMatch(new RegExp(`<img src="${PUBLIC}/media/[a-f0-9]{64}\\.png" alt="The north rim"`));
    expect(html).toContain('Call us any day.');
    await page.close();
  });
});
