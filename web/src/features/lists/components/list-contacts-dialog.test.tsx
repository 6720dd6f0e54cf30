/**
 * The view-contacts dialog of a list with a fake API: it shows the first page with the list's
 * total, follows the server's next link on "Load more" until the list ends, and a member removed (asked
 * first, Cancel keeping it) from a later page disappears while the pages already loaded stay.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Contact, ContactList } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { ListContactsDialog } from './list-contacts-dialog';

const list: ContactList = {
  id: 4,
  name: 'Spring buyers',
  description: null,
  contact_count: 250,
  created_at: '2026-11-01T16:00:00.000Z',
  updated_at: '2026-11-01T16:00:00.000Z',
  version: 1,
};

const contact = (id: number): Contact => ({
  id,
  email: `member${id}@example.com`,
  firstName: null,
  lastName: null,
  phone: null,
  status: 'subscribed',
  source: 'csv_import',
  tags: [],
  customFields: {},
  metadata: { address: null, notes: null },
  createdAt: '2026-11-01T16:00:00.000Z',
  updatedAt: '2026-11-01T16:00:00.000Z',
  version: 1,
});

/** 250 members, newest (highest id) first, served 100 at a time after a cursor, as the API does. */
let members: number[] = [];
let calls: string[] = [];

const answer = (url: string, method: string): Response => {
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const removal = /^\/api\/marketing\/lists\/4\/contacts\/(\d+)$/.exec(url);
  if (method === 'DELETE' && removal) {
    members = members.filter((id) => id !== Number(removal[1]));
    return new Response(null, { status: 204 });
  }
  const parsed = new URL(url, 'http://localhost');
  if (method === 'GET' && parsed.pathname === '/api/marketing/contacts' && parsed.searchParams.get('listId') === '4') {
    const limit = Number(parsed.searchParams.get('limit'));
    const cursor = Number(parsed.searchParams.get('cursor') ?? Infinity);
    const after = members.filter((id) => id < cursor);
    const pageIds = after.slice(0, limit);
    const more = after.length > limit;
    const last = pageIds[pageIds.length - 1];
    return json(pageIds.map(contact), {
      'x-total-count': String(members.length),
      ...(more ? { link: `</api/marketing/contacts?listId=4&limit=${limit}&cursor=${last}>; rel="next"` } : {}),
    });
  }
  return json([]);
};

beforeEach(() => {
  members = Array.from({ length: 250 }, (_, i) => 250 - i);
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    return answer(url, method);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = () => renderScreen(<ListContactsDialog list={list} onClose={() => {}} />);

// Hundreds of rows in jsdom: slower than a test's default 5 s on a busy machine.
it('pages through every member of a list larger than a page', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  render();
  expect(await screen.findByText('member250@example.com')).toBeTruthy();
  expect(screen.getByText('Showing 100 of 250 contacts')).toBeTruthy();
  expect(screen.queryByText('member150@example.com')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('member150@example.com')).toBeTruthy();
  expect(screen.getByText('Showing 200 of 250 contacts')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('member1@example.com')).toBeTruthy();
  expect(screen.getByText('Showing 250 of 250 contacts')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  expect(calls).toContain('GET /api/marketing/contacts?listId=4&limit=100&cursor=51');
});

it('removes a member found on a later page and keeps the pages already loaded', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  render();
  await screen.findByText('member250@example.com');
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await screen.findByText('member120@example.com');
  await user.click(screen.getByRole('button', { name: 'Remove member120@example.com from the list' }));
  // It asks first: Cancel keeps the member, Remove takes it out.
  const ask = () => screen.getByRole('dialog', { name: 'Remove Contact from List' });
  expect(ask().textContent).toContain('Remove member120@example.com from');
  await user.click(within(ask()).getByRole('button', { name: 'Cancel' }));
  expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Remove member120@example.com from the list' }));
  await user.click(within(ask()).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(screen.queryByText('member120@example.com')).toBeNull());
  expect(calls).toContain('DELETE /api/marketing/lists/4/contacts/120');
  expect(screen.getByText('member250@example.com')).toBeTruthy();
  expect(screen.getByText('member101@example.com')).toBeTruthy();
  expect(screen.getByText('Showing 200 of 249 contacts')).toBeTruthy();
});
