/**
 * "A/B test the subject" in 'Send an Email' with a fake API: each wrong field of the section shows
 * its own message at the field and nothing is sent; a variant B the same as A is refused; a valid
 * section is named in the confirmation and sent as the single send's `abTest`.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Template } from '@lp/contracts/email';
import { Toaster } from '../../../components/toast/toaster';
import { renderInRouter } from '../../../test/render-in-router';
import { FreshCache } from '../../../test/fresh-cache';
import { SendEmailPage } from './send-email-page';

const welcome: Template = {
  id: 7,
  name: 'Welcome',
  subject: 'Welcome to the lake',
  description: '',
  content: '<p>Hello from Lake Powell</p>',
  previewText: '',
  category: 'Custom',
  thumbnailUrl: null,
  version: 1,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
};

let posts: { url: string; body: unknown }[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://dashboard.test');
    if (init.method === 'POST') posts.push({ url: u.pathname, body: JSON.parse(String(init.body)) });
    if (u.pathname === '/api/marketing/templates') return json([welcome]);
    if (u.pathname === '/api/marketing/lists') return json([{ id: 4, name: 'Lake view buyers', contact_count: 1234 }]);
    if (u.pathname === '/api/marketing/single-send') return json({ campaignId: 1, status: 'active' });
    if (u.pathname === '/api/marketing/campaigns') return json([]);
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
/** The message shown at a field, as the field names it (aria-describedby). */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.getAttribute('role') === 'alert')?.textContent;

it(
  'shows each wrong A/B field’s message at the field, refuses a B like A, and sends a valid test',
  { timeout: 30_000 },
  async () => {
    const user = userEvent.setup();
    renderInRouter(
      <FreshCache>
        <SendEmailPage />
        <Toaster />
      </FreshCache>,
    );
    await user.click(await screen.findByRole('button', { name: /Welcome/ }));
    await user.selectOptions(await screen.findByLabelText('List'), 'Lake view buyers · 1,234 contacts');
    expect(screen.queryByLabelText('Variant B subject', { exact: false })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'A/B test the subject' }));

    await user.clear(field('Share for each variant'));
    await user.type(field('Share for each variant'), '80');
    await user.clear(field('Decide after'));
    await user.type(field('Decide after'), '0');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByText('Variant B needs a subject', {}, { timeout: 5000 });
    expect(messageOf(field('Variant B subject'))).toBe('Variant B needs a subject');
    expect(field('Variant B subject').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(field('Share for each variant'))).toBe('Each variant goes to at most 50 % of the audience');
    expect(messageOf(field('Decide after'))).toBe('Wait at least an hour before picking the winner');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(field('Variant B subject'), 'Welcome to the lake');
    await user.clear(field('Share for each variant'));
    await user.type(field('Share for each variant'), '20');
    await user.clear(field('Decide after'));
    await user.type(field('Decide after'), '6');
    await user.selectOptions(field('Pick the winner by'), 'Unique clicks');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(
      await screen.findByText(
        'Variant B should differ from variant A: give it another subject or its own content',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('A to 20 %, B to 20 %, the winner to the other 60 %.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(field('Variant B subject'));
    await user.type(field('Variant B subject'), 'The last lakefront lots');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Email' }, { timeout: 5000 });
    expect(dialog.textContent).toContain(
      'A/B test: variant B “The last lakefront lots” — each variant to 20 %, the winner by unique clicks after 6 h, then sent to the rest',
    );
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Email sent successfully', {}, { timeout: 5000 });
    expect(posts).toEqual([
      {
        url: '/api/marketing/single-send',
        body: expect.objectContaining({
          subject: 'Welcome to the lake',
          listId: 4,
          abTest: {
            variantB: { subject: 'The last lakefront lots', content: '' },
            testShare: 20,
            winnerBy: 'clicks',
            decideAfterHours: 6,
          },
        }),
      },
    ]);
  },
);
