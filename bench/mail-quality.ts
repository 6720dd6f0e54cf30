/**
 * `pnpm bench:mail-quality`: a stock responsive template (services/mailer/src/templates/fixtures)
 * saved and sent as the product does it — the mailer's HTML policy on save, its one renderer
 * (preheader, footer, tracking, plain-text part) and its raw message composer, built into the bytes
 * the SMTP transport writes — and then read as receivers read it:
 * - what of the design survived the policy (the `<style>` block, `class` attributes, `bgcolor`,
 *   Outlook's conditional comments) and what the sent message carries inline (`style` attributes,
 *   the `<style>` left in its head for media queries);
 * - SpamAssassin's score with its offline rules (`spamassassin -L -t`; Debian package
 *   `spamassassin`), and the rules that fired;
 * - Gmail and Outlook support of the message's HTML (`@jsx-email/doiuse-email`, caniemail data):
 *   the whole message, and apart the markup the product adds (the same campaign with an empty
 *   template: head, preheader, footer, open pixel), so the template's own markup is told apart.
 */
import { readFileSync, readdirSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { site } from '@lp/contracts';
import { composeRawMessage } from '../services/mailer/src/sending/compose-raw-message.ts';
import { compileMessage, trackedLinksOf } from '../services/mailer/src/sending/render-message.ts';
import { sanitizeEmailHtml } from '../services/mailer/src/templates/sanitize-email-html.ts';
import { renderBlocks } from '../services/mailer/src/templates/blocks/render-blocks.ts';
import {
  SAMPLE_BLOCK_EMAIL,
  SAMPLE_BLOCK_LOTS,
} from '../services/mailer/src/templates/blocks/fixtures/sample-block-email.ts';
import { spamAssassin } from '../tests/support/spam-assassin.ts';

const FIXTURES = new URL('../services/mailer/src/templates/fixtures/', import.meta.url);
const TEMPLATES = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.html'))
  .sort();

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

const CONTEXT = { secret: 'mail-quality-secret-0123456789abcdef', publicUrl: 'https://lakepowelllots.com' };
const RECIPIENT = { deliveryId: 1, email: 'buyer@example.com', firstName: 'Ann', lastName: 'Buyer' };

/** The product's message for a template saved as `saved`, as a broadcast renders it. */
function renderBroadcast(saved: string) {
  return compileMessage(
    {
      id: 1,
      name: 'Spring lots',
      subject: 'Three new lots with a lake view',
      fromName: site.brand,
      fromEmail: site.email,
      content: saved,
      previewText: 'Lots near Page, AZ, open for reservation this week',
      links: new Map(trackedLinksOf(saved).map((url, i) => [url, i])),
      messageIdToken: '5f0c2a9e7b3d4c1f8a6e2b9d0c7f3a1e',
    },
    CONTEXT,
  )(RECIPIENT);
}

/** doiuse-email's Gmail and Outlook errors of `html`: their count and the features named. */
function clientErrors(html: string): string {
  const check = doIUseEmail(html, { emailClients: ['gmail.*', 'outlook.*'] });
  if (check.success) return '0';
  const features = [...new Set(check.errors.map((e) => e.split(' is not')[0]))];
  return `${check.errors.length} (${features.join(', ')})`;
}

const productOnly = renderBroadcast(sanitizeEmailHtml(''));
process.stdout.write(
  `markup the product adds (empty template): Gmail/Outlook errors ${clientErrors(productOnly.html)}\n\n`,
);

/** A few lines as staff write them in the editor: the shortest kind of broadcast. */
const SHORT_BROADCAST =
  '<p>Hi {{firstName}},</p><p>Three new lots with a lake view are open near Page. ' +
  '<a href="https://lakepowelllots.com/lots">See the lots</a></p><p>Ann at Lake Powell Lots</p>';
const sources: [string, string][] = [
  ...TEMPLATES.map((name): [string, string] => [name, readFileSync(new URL(name, FIXTURES), 'utf8')]),
  ['a short broadcast written in the editor', SHORT_BROADCAST],
  [
    'a block e-mail (heading, text, image, button, columns, lot card) from the block editor',
    await renderBlocks(SAMPLE_BLOCK_EMAIL, { publicUrl: CONTEXT.publicUrl, lots: SAMPLE_BLOCK_LOTS }),
  ],
];

for (const [name, source] of sources) {
  const saved = sanitizeEmailHtml(source);
  const message = renderBroadcast(saved);
  const raw = await new MailComposer(composeRawMessage(message) as never).compile().build();
  const spam = spamAssassin(raw);
  const design = (html: string) =>
    `<style> ${count(html, /<style/g)}, class ${count(html, /\sclass="/g)}, bgcolor ${count(html, /\sbgcolor="/g)}, ` +
    `conditional comments ${count(html, /<!--\[if /g)}, style attributes ${count(html, /\sstyle="/g)}`;
  process.stdout.write(
    [
      `${name}`,
      `  template             ${design(source)}`,
      `  saved                ${design(saved)}`,
      `  sent (CSS inlined)   ${design(message.html)}`,
      typeof spam === 'string'
        ? `  SpamAssassin         ${spam}`
        : `  SpamAssassin         ${spam.score} points (${spam.rules.join(', ') || 'no scoring rule'})`,
      `  Gmail/Outlook errors ${clientErrors(message.html)}`,
      '',
    ].join('\n'),
  );
}
