/**
 * The Contacts screen with a fake API: the status filter asks the server for that status (with
 * the search), shows only what the server answered and its total, keeps "Load more" on the
 * filtered pages, and shows the no-match state when no contact has the status.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact, ContactStatus } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { contactOf } from '../../../test/fixtures';
import { ContactsPage } from './contacts-page';

const contact = (id: number, email: string, status: ContactStatus): Contact => contactOf(id, { email, status });

const page = (contacts: Contact[], total: number, next?: string) =>
  new Response(JSON.stringify(contacts), {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'x-total-count': String(total),
      ...(next ? { link: `<${next}>; rel="next"` } : {}),
    },
  });

let calls: string[] = [];
let routes: Record<string, () => Response> = {};
let user: UserEvent;

beforeEach(() => {
  calls = [];
  routes = {
    '/api/marketing/lists': () => page([], 0),
    '/api/marketing/contacts?limit=100': () =>
      page([contact(3, 'ann@example.com', 'subscribed'), contact(2, 'bo@example.com', 'bounced')], 2),
  };
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const handler = routes[url];
    return handler
      ? handler()
      : new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = () => renderScreen(<ContactsPage />);

describe('Contacts screen, status filter', () => {
  it('offers every contact status and shows all contacts until one is chosen', async () => {
    render();
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    const select = screen.getByLabelText('Status');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      'Subscribed',
      'Unsubscribed',
      'Bounced',
      'Other',
    ]);
    expect(screen.getByText('Showing 2 of 2 contacts')).toBeTruthy();
  });

  it('asks for the chosen status, shows its contacts and total, and loads more of the same status', async () => {
    routes['/api/marketing/contacts?limit=100&status=bounced'] = () =>
      page([contact(9, 'cy@example.com', 'bounced')], 2, '/api/marketing/contacts?limit=100&status=bounced&cursor=9');
    routes['/api/marketing/contacts?limit=100&status=bounced&cursor=9'] = () =>
      page([contact(2, 'bo@example.com', 'bounced')], 2);
    render();
    await screen.findByText('ann@example.com');
    await user.selectOptions(screen.getByLabelText('Status'), 'Bounced');
    expect(await screen.findByText('cy@example.com')).toBeTruthy();
    expect(screen.queryByText('ann@example.com')).toBeNull();
    expect(screen.getByText('Showing 1 of 2 contacts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('bo@example.com')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2 contacts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls).toContain('/api/marketing/contacts?limit=100&status=bounced&cursor=9');
  });

  it('combines the status with the search, and says so when nothing matches', async () => {
    routes['/api/marketing/contacts?limit=100&status=unsubscribed'] = () =>
      page([contact(4, 'dee@example.com', 'unsubscribed')], 1);
    routes['/api/marketing/contacts?limit=100&q=zed&status=unsubscribed'] = () => page([], 0);
    render();
    await screen.findByText('ann@example.com');
    await user.selectOptions(screen.getByLabelText('Status'), 'Unsubscribed');
    await screen.findByText('dee@example.com');
    await user.type(screen.getByLabelText('Search contacts'), 'zed');
    expect(await screen.findByText('No contacts match your search')).toBeTruthy();
    expect(calls).toContain('/api/marketing/contacts?limit=100&q=zed&status=unsubscribed');
    await user.clear(screen.getByLabelText('Search contacts'));
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Showing 2 of 2 contacts')).toBeTruthy());
  });
});

describe('Contacts screen, selecting all matching', () => {
  beforeEach(() => {
    routes['/api/marketing/contacts?limit=100'] = () =>
      page(
        [contact(3, 'ann@example.com', 'subscribed'), contact(2, 'bo@example.com', 'bounced')],
        50_020,
        '/api/marketing/contacts?limit=100&cursor=2',
      );
    routes['/api/marketing/contacts?limit=100&q=ann'] = () => page([contact(3, 'ann@example.com', 'subscribed')], 1);
  });

  it('offers every contact matching, not only the loaded page, with thousands separators', async () => {
    render();
    await screen.findByText('Showing 2 of 50,020 contacts');
    await user.click(screen.getByLabelText('Select all'));
    const bar = screen.getByRole('region', { name: 'Selected contacts' });
    expect(bar.textContent).toContain('2 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 50,020 matching' }));
    expect(bar.textContent).toContain('All 50,020 matching contacts selected');
    expect(screen.getByRole('button', { name: 'Add to List (50,020)' })).toBeTruthy();
  });

  it('drops the selection and its open action once the search takes effect: "all matching" never outlives its search', async () => {
    render();
    await screen.findByText('Showing 2 of 50,020 contacts');
    // Typed, then selected and Delete opened before the search's pause ended: on the old results.
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByLabelText('Select all'));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 50,020 matching' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete Contacts' }).textContent).toContain('Delete 50,020 contacts?');
    await screen.findByText('Showing 1 of 1 contacts');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Contacts' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected contacts' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to List' })).toBeTruthy();
  });
});

describe('Contacts screen, segment filter', () => {
  const sailors = {
    id: 7,
    name: 'Sailors',
    filter: { match: 'all', conditions: [{ field: 'tag', op: 'has', tag: 'sailor' }] },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
  };

  it('shows no segment filter before there is a segment', async () => {
    render();
    await screen.findByText('ann@example.com');
    expect(screen.queryByLabelText('Segment')).toBeNull();
  });

  it('asks for the segment chosen (with the search), selects all its matches, and says so when none match', async () => {
    routes['/api/marketing/segments'] = () => page([sailors] as never, 1);
    routes['/api/marketing/contacts?limit=100&segmentId=7'] = () =>
      page([contact(5, 'sea@example.com', 'subscribed')], 1_200);
    routes['/api/marketing/contacts?limit=100&q=zed&segmentId=7'] = () => page([], 0);
    render();
    await screen.findByText('ann@example.com');
    await user.selectOptions(await screen.findByLabelText('Segment'), 'Sailors');
    expect(await screen.findByText('sea@example.com')).toBeTruthy();
    expect(screen.getByText('Showing 1 of 1,200 contacts')).toBeTruthy();
    expect(screen.queryByText('ann@example.com')).toBeNull();
    await user.click(screen.getByLabelText('Select all'));
    await user.click(screen.getByRole('button', { name: 'Select all 1,200 matching' }));
    expect(screen.getByRole('button', { name: 'Add to List (1,200)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'zed' } });
    expect(await screen.findByText('No contacts match your search')).toBeTruthy();
    expect(calls).toContain('/api/marketing/contacts?limit=100&q=zed&segmentId=7');
    // The selection belonged to the segment's whole match: it went with the search.
    expect(screen.queryByRole('region', { name: 'Selected contacts' })).toBeNull();
  });
});
