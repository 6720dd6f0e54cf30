/**
 * `pnpm bench:mail-quality`: a stock responsive template (services/mailer/src/templates/fixtures)
 * saved and sent as the product does it — the mailer's HTML policy on save, its one renderer
 * (preheader, footer, tracking, plain-text part) and its raw message composer, built into the bytes
 * the SMTP transport writes — and then read as receivers read it:
 * - what of the design survived the policy (the `<style>` block, `class` attributes, `bgcolor`);
 * - SpamAssassin's score with its offline rules (`spamassassin -L -t`; Debian package
 *   `spamassassin`), and the rules that fired;
 * - Gmail and Outlook support of the whole message's HTML (`@jsx-email/doiuse-email`, caniemail data).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { site } from '@lp/contracts';
import { composeRawMessage } from '../services/mailer/src/sending/compose-raw-message.ts';
import { compileMessage, trackedLinksOf } from '../services/mailer/src/sending/render-message.ts';
import { sanitizeEmailHtml } from '../services/mailer/src/templates/sanitize-email-html.ts';

const FIXTURES = new URL('../services/mailer/src/templates/fixtures/', import.meta.url);
const TEMPLATES = ['leemunroe-email.html', 'leemunroe-email-inlined.html'];

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

function spamAssassin(raw: Buffer): { score: string; rules: string[] } | string {
  const run = spawnSync('spamassassin', ['-L', '-t'], { input: raw, encoding: 'utf8', timeout: 120_000 });
  if (run.error) return `spamassassin not run (${run.error.message}); install the Debian package spamassassin`;
  const score = /Content analysis details:\s+\(([-\d.]+) points/.exec(run.stdout)?.[1] ?? '?';
  const rules = run.stdout
    .split('\n')
    .map((line) => /^ *(-?\d+\.\d+) +([A-Z0-9_]+) /.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) !== 0)
    .map((m) => `${m[2]} ${m[1]}`);
  return { score, rules };
}

for (const name of TEMPLATES) {
  const source = readFileSync(new URL(name, FIXTURES), 'utf8');
  const saved = sanitizeEmailHtml(source);
  const render = compileMessage(
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
    { secret: 'mail-quality-secret-0123456789abcdef', publicUrl: 'https://lakepowelllots.com' },
  );
  const message = render({ deliveryId: 1, email: 'buyer@example.com', firstName: 'Ann', lastName: 'Buyer' });
  const raw = await new MailComposer(composeRawMessage(message) as never).compile().build();
  const check = doIUseEmail(message.html, { emailClients: ['gmail.*', 'outlook.*'] });
  const spam = spamAssassin(raw);
  process.stdout.write(
    [
      `${name}`,
      `  design kept          <style> ${count(source, /<style/g)} → ${count(saved, /<style/g)}, class ${count(source, /\sclass="/g)} → ${count(saved, /\sclass="/g)}, bgcolor ${count(source, /\sbgcolor="/g)} → ${count(saved, /\sbgcolor="/g)}`,
      typeof spam === 'string'
        ? `  SpamAssassin         ${spam}`
        : `  SpamAssassin         ${spam.score} points (${spam.rules.join(', ') || 'no scoring rule'})`,
      `  Gmail/Outlook errors ${check.success ? 0 : check.errors.length}${check.success ? '' : ` (${[...new Set(check.errors.map((e) => e.split(' is not')[0]))].join(', ')})`}`,
      '',
    ].join('\n'),
  );
}
