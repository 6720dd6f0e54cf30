import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailBlockSchema, EmailBlocksSchema, site, type EmailBlock } from '@lp/contracts';
import { spamAssassin } from '../../../../../tests/support/spam-assassin.ts';
import { composeRawMessage } from '../../sending/compose-raw-message.ts';
import { compileMessage, trackedLinksOf } from '../../sending/render-message.ts';
import { SAMPLE_BLOCK_EMAIL, SAMPLE_BLOCK_LOTS } from './fixtures/sample-block-email.ts';
import { formatBlockText } from './format-block-text.ts';
import { renderBlocks } from './render-blocks.ts';

const PUBLIC = 'https://lakepowelllots.com';
const ctx = { publicUrl: PUBLIC, lots: SAMPLE_BLOCK_LOTS };
const render = (blocks: EmailBlock[]) => renderBlocks(blocks, ctx);
const sha = 'ab'.repeat(32);
const parse = (block: unknown) => v.safeParse(EmailBlockSchema, block);

/** The sample as a broadcast renders it for one recipient (CSS inlined, footer, tracking). */
async function broadcastOf(saved: string) {
  return compileMessage(
    {
      id: 1,
      name: 'North rim lots',
      subject: 'New lake-view lots for you',
      fromName: site.brand,
      fromEmail: site.email,
      content: saved,
      previewText: 'Three lots on the north rim, open this week',
      links: new Map(trackedLinksOf(saved).map((url, i) => [url, i])),
      messageIdToken: '5f0c2a9e7b3d4c1f8a6e2b9d0c7f3a1e',
    },
    { secret: 'block-test-secret-0123456789abcdef', publicUrl: PUBLIC },
  )({ deliveryId: 1, email: 'buyer@example.com', firstName: 'Ann', lastName: 'Buyer' });
}

describe('renderBlocks', () => {
  it('renders every block type into the saved HTML', async () => {
    const html = await render([
      { id: 'h', type: 'heading', level: 1, text: 'Lots by the lake' },
      { id: 'h2', type: 'heading', level: 2, text: 'This week' },
      {
        id: 't',
        type: 'text',
        text: 'First **bold** and *soft*\nsame paragraph\n\nSecond [map](https://x.test/map?a=1&b=2)',
      },
      { id: 'i', type: 'image', src: `/media/${sha}.png`, alt: 'Sunset', href: 'https://x.test/photo' },
      { id: 'b', type: 'button', label: 'Reserve a lot', url: 'https://x.test/reserve' },
      { id: 'd', type: 'divider' },
      { id: 's', type: 'spacer', height: 48 },
      {
        id: 'c',
        type: 'columns',
        columns: [
          [{ id: 'c1', type: 'text', text: 'Left column' }],
          [{ id: 'c2', type: 'button', label: 'Right button', url: 'mailto:info@lakepowelllots.com' }],
        ],
      },
      { id: 'l', type: 'lot', lotNumber: 12, photo: '' },
      { id: 'l3', type: 'lot', lotNumber: 3, photo: `/media/${sha}.jpg` },
    ]);
    expect(html).toMatch(/<h1 style="[^"]*font-size: 28px[^"]*">Lots by the lake<\/h1>/);
    expect(html).toMatch(/<h2 style="[^"]*">This week<\/h2>/);
    expect(html).toContain('First <strong>bold</strong> and <em>soft</em><br />same paragraph</p>');
    expect(html).toMatch(
      /<p style="[^"]*">Second <a href="https:\/\/x\.test\/map\?a=1&amp;b=2" style="[^"]*">map<\/a><\/p>/,
    );
    // Images are the product's own uploads, addressed from the site's public origin.
    expect(html).toMatch(
      new RegExp(`<a href="https://x\\.test/photo"><img src="${PUBLIC}/media/${sha}\\.png" alt="Sunset"`),
    );
    expect(html).toMatch(
      /<a href="https:\/\/x\.test\/reserve" style="[^"]*background: #1d4ed8[^"]*">Reserve a lot<\/a>/,
    );
    expect(html).toMatch(/<p style="border-top: solid 1px #d6d3d1;[^"]*"><\/p>/);
    expect(html).toMatch(/height: 48px/);
    expect(html).toContain('Left column');
    expect(html).toMatch(/<a href="mailto:info@lakepowelllots\.com"[^>]*>Right button<\/a>/);
    // Two columns side by side where there is room, stacked on a phone, without a media query.
    expect(html).toMatch(/class="mj-column-per-50[^"]*" style="[^"]*max-width: 300px/);
    expect(html).not.toContain('@media');
    // The lot cards: the lot's own page, its figures as visitors see them, its photo or the site's picture.
    expect(html).toContain(`<a href="${PUBLIC}/lots/12"><img src="${PUBLIC}/og-image.png" alt="Lot 12"`);
    expect(html).toMatch(/>Lot 12<\/h3><p [^>]*>12,500 sq ft · <strong>\$89,000<\/strong><\/p><p [^>]*>Available<\/p>/);
    expect(html).toMatch(/<a href="https:\/\/lakepowelllots\.com\/lots\/12"[^>]*>See lot 12<\/a>/);
    expect(html).toContain(`<img src="${PUBLIC}/media/${sha}.jpg" alt="Lot 3"`);
    // A sold lot's price is never shown.
    expect(html).toMatch(/>10,200 sq ft<\/p><p [^>]*>Sold<\/p>/);
  });

  it('keeps merge tags as written, and the send fills them per recipient', async () => {
    const html = await render([
      { id: 'h', type: 'heading', level: 1, text: 'Hello {{firstName}}' },
      { id: 't', type: 'text', text: 'Dear {{ firstName }} {{lastName}}, written to **{{email}}**' },
      { id: 'b', type: 'button', label: 'Lots for {{firstName}}', url: 'https://x.test/lots' },
    ]);
    expect(html).toContain('>Hello {{firstName}}</h1>');
    expect(html).toContain('Dear {{ firstName }} {{lastName}}, written to <strong>{{email}}</strong>');
    expect(html).toContain('>Lots for {{firstName}}</a>');
    const sent = await broadcastOf(html);
    expect(sent.html).toContain('>Hello Ann</h1>');
    expect(sent.html).toContain('Dear Ann Buyer, written to <strong>buyer@example.com</strong>');
    expect(sent.html).toContain('>Lots for Ann</a>');
  });

  it('escapes what staff type: no block can inject markup', async () => {
    const html = await render([
      { id: 'h', type: 'heading', level: 1, text: '<script>alert(1)</script>' },
      {
        id: 't',
        type: 'text',
        text: '<img src=x onerror=alert(2)> **<b>x</b>** [<i>y</i>](https://x.test/"onmouseover="alert(3))',
      },
      {
        id: 'b',
        type: 'button',
        label: '</mj-button><mj-raw><script>alert(4)</script></mj-raw>',
        url: 'https://x.test/',
      },
      { id: 'i', type: 'image', src: `/media/${sha}.gif`, alt: '" onload="alert(5)', href: '' },
    ]);
    // No element but the renderer's own, no attribute of staff's making.
    expect(html).not.toMatch(/<(script|b|i|mj-raw)\b|<img src=x|\s(onerror|onmouseover|onload)="/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt; <strong>&lt;b&gt;x&lt;/b&gt;</strong>');
    expect(html).toContain('&lt;/mj-button&gt;&lt;mj-raw&gt;');
    expect(html).toMatch(/alt="&quot; onload=&quot;alert\(5\)"/);
  });

  it('links only to http(s) and mailto: other targets stay text, and the schema refuses them on buttons and images', () => {
    expect(
      formatBlockText('[a](javascript:alert(1)) [b](data:text/html,x) [c](/relative) [d](https://ok.test/)', ''),
    ).toBe(
      '<p style="">[a](javascript:alert(1)) [b](data:text/html,x) [c](/relative) <a href="https://ok.test/" style="color:#1d4ed8;text-decoration:underline">d</a></p>',
    );
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '/lots',
      '//evil.test/x',
      'ftp://x.test',
      'https://x.test/ space',
      'vbscript:x',
    ])
      expect(parse({ id: 'b', type: 'button', label: 'Go', url }).success, url).toBe(false);
    for (const url of ['https://x.test/a?b=1', 'http://x.test', 'mailto:info@lakepowelllots.com'])
      expect(parse({ id: 'b', type: 'button', label: 'Go', url }).success, url).toBe(true);
    expect(parse({ id: 'i', type: 'image', src: `/media/${sha}.png`, alt: '', href: 'javascript:x' }).success).toBe(
      false,
    );
    // Images are the product's own uploads in the types mail clients show: no outside address, no SVG.
    for (const src of ['https://evil.test/p.png', `/media/${sha}.svg`, `/media/${sha}.png?x`])
      expect(parse({ id: 'i', type: 'image', src, alt: '' }).success, src).toBe(false);
    // An unknown merge tag is refused where it is typed.
    const bad = v.safeParse(EmailBlocksSchema, [{ id: 't', type: 'text', text: 'Hi {{nickname}}' }]);
    expect(bad.success ? [] : bad.issues.map((i) => i.message)).toEqual([
      'Unknown merge tag: {{nickname}}. Use one of {{firstName}}, {{lastName}}, {{email}}, {{unsubscribeUrl}}',
    ]);
  });

  it('sends a representative block e-mail that every Gmail and Outlook supports and SpamAssassin scores at most 0.5', async () => {
    const saved = await render(SAMPLE_BLOCK_EMAIL);
    const sent = await broadcastOf(saved);
    const check = doIUseEmail(sent.html, { emailClients: ['gmail.*', 'outlook.*'] });
    expect(check.success ? [] : check.errors).toEqual([]);
    const raw = await new MailComposer(composeRawMessage(sent) as never).compile().build();
    const spam = spamAssassin(raw);
    if (typeof spam === 'string') throw new Error(spam);
    expect(spam.score, spam.rules.join(', ')).toBeLessThanOrEqual(0.5);
  }, 60_000);
});
