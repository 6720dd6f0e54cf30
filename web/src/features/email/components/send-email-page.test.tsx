/**
 * 'Send an Email' with a fake API: the confirmation opens only for a valid form (an invalid one
 * shows its messages on Compose) and names the list with its contact count; individual
 * recipients come from the server's search over every contact, page by page, and stay chosen
 * across searches; a sent email empties the editor, so a second click cannot send it again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Contact } from '@lp/contracts';
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
  previewText: 'Lots with a view',
  category: 'Custom',
  thumbnailUrl: null,
  version: 1,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
};
const contact = (id: number, firstName: string, lastName: string, email: string, status = 'subscribed'): Contact =>
  ({
    id,
    email,
    firstName,
    lastName,
    phone: null,
    status,
    source: 'csv_import',
    metadata: { address: null, notes: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }) as Contact;
const newest = Array.from({ length: 50 }, (_, i) =>
  contact(50_000 - i, 'Ava', 'Reyes', `ava.reyes.${50_000 - i}@example.com`),
);
const SEARCHES: Record<string, Contact[]> = {
  dana: [contact(1, 'Dana', 'Nash', 'dana.nash@example.com')],
  garcia: [contact(2, 'María', 'García', 'maria.garcia@example.com')],
  reyes: [contact(40, 'Ben', 'Reyes', 'ben.reyes@example.com', 'unsubscribed')],
};

let calls: { method: string; url: string; body: unknown }[] = [];
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const u = new URL(url, 'http://dashboard.test');
    if (u.pathname === '/api/marketing/templates') return json([welcome]);
    if (u.pathname === '/api/marketing/lists') return json([{ id: 4, name: 'Lake view buyers', contact_count: 1234 }]);
    if (u.pathname === '/api/marketing/contacts') {
      const q = u.searchParams.get('q');
      if (q) return json(SEARCHES[q.toLowerCase()] ?? [], { 'x-total-count': String(SEARCHES[q]?.length ?? 0) });
      if (u.searchParams.get('cursor') === '49951')
        return json([contact(49_950, 'Cora', 'Begay', 'cora.begay@example.com')], { 'x-total-count': '50022' });
      return json(newest, {
        'x-total-count': '50022',
        link: '</api/marketing/contacts?limit=50&cursor=49951>; rel="next"',
      });
    }
    if (u.pathname === '/api/marketing/single-send' && method === 'POST')
      return json({ campaignId: 1, status: 'active' });
    if (u.pathname === '/api/marketing/campaigns') return json([]);
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderInRouter(
    <FreshCache>
      <SendEmailPage />
      <Toaster />
    </FreshCache>,
  );
const posts = () => calls.filter((c) => c.method === 'POST');
const sendButton = () => screen.getByRole('button', { name: 'Send Email' }) as HTMLButtonElement;
/** The confirmation, which opens once the form's (asynchronous) validation has passed. */
const confirmation = () => screen.findByRole('dialog', { name: 'Send Email' }, { timeout: 5000 });

async function chooseWelcome(user: ReturnType<typeof userEvent.setup>) {
  expect(sendButton().disabled).toBe(true);
  await user.click(await screen.findByRole('button', { name: /Welcome/ }));
  expect(screen.getByRole('tab', { name: 'Compose' }).getAttribute('aria-selected')).toBe('true');
}

it(
  'opens the confirmation only for a valid form, naming the list and its contact count',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render();
    await chooseWelcome(user);
    await user.clear(screen.getByLabelText(/^Subject/));

    await user.click(sendButton());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Subject is required', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Please select recipients for your email')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await user.click(sendButton());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Compose' }).getAttribute('aria-selected')).toBe('true');

    await user.type(screen.getByLabelText(/^Subject/), 'Autumn lots');
    await user.selectOptions(await screen.findByLabelText('List'), 'Lake view buyers · 1,234 contacts');
    await user.click(sendButton());
    const dialog = await confirmation();
    expect(dialog.textContent).toContain('Subject: Autumn lots');
    expect(dialog.textContent).toContain('Recipients: Lake view buyers (1,234 contacts)');
    expect(dialog.textContent).not.toContain('List #');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts()).toEqual([]);
  },
);

it(
  'searches every contact on the server, keeps choices across searches, sends to them and then starts over',
  { timeout: 20_000 },
  async () => {
    const user = userEvent.setup();
    render();
    await chooseWelcome(user);
    await user.click(screen.getByRole('radio', { name: 'Choose individuals' }));
    expect(await screen.findByText('Showing 50 of 50,022 contacts', {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more contacts' }));
    expect(await screen.findByText('Showing 51 of 50,022 contacts', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/marketing/contacts?limit=50&cursor=49951');

    const search = screen.getByLabelText('Search contacts');
    await user.type(search, 'dana');
    await user.click(await screen.findByRole('checkbox', { name: /Dana Nash/ }, { timeout: 5000 }));
    await user.clear(search);
    await user.type(search, 'garcia');
    await user.click(await screen.findByRole('checkbox', { name: /María García/ }, { timeout: 5000 }));
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/marketing/contacts?limit=50&q=dana', '/api/marketing/contacts?limit=50&q=garcia']),
    );
    // An unsubscribed contact is listed but cannot be chosen.
    await user.clear(search);
    await user.type(search, 'reyes');
    expect(
      ((await screen.findByRole('checkbox', { name: /Ben Reyes/ }, { timeout: 5000 })) as HTMLInputElement).disabled,
    ).toBe(true);

    const chosen = screen.getByLabelText('Selected recipients');
    expect(chosen.textContent).toContain('dana.nash@example.com');
    expect(chosen.textContent).toContain('maria.garcia@example.com');

    await user.click(sendButton());
    const dialog = await confirmation();
    expect(dialog.textContent).toContain('Subject: Welcome to the lake');
    expect(dialog.textContent).toContain('2 recipients: dana.nash@example.com, maria.garcia@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Email sent successfully', {}, { timeout: 5000 });
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/marketing/single-send',
        body: expect.objectContaining({
          subject: 'Welcome to the lake',
          recipients: ['dana.nash@example.com', 'maria.garcia@example.com'],
        }),
      },
    ]);

    // The editor starts over: nothing chosen, so the same email cannot go out twice.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'Select Design' }).getAttribute('aria-selected')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Welcome/ }).getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('tab', { name: 'Compose' }));
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radio', { name: 'Send to a list' })).toHaveProperty('checked', true);
  },
);
