/**
 * Duplicating a big list takes seconds: the dialog says it is working and takes no second click
 * until crm has copied the contacts, then closes with the spec's toast.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ContactList } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { DuplicateListDialog } from './duplicate-list-dialog';

const list: ContactList = {
  id: 4,
  name: 'Spring buyers',
  description: null,
  contact_count: 250_000,
  created_at: '2026-11-01T16:00:00.000Z',
  updated_at: '2026-11-01T16:00:00.000Z',
  version: 1,
};

afterEach(() => vi.unstubAllGlobals());

it('says it is duplicating, takes one click only, and closes once the copy is made', async () => {
  let finish = () => {};
  const posts: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posts.push(`${url} ${String(init.body)}`);
      await new Promise<void>((r) => (finish = r));
      const copy = { ...list, id: 5, name: 'Spring buyers (Copy)' };
      return new Response(JSON.stringify(copy), { status: 201, headers: { 'content-type': 'application/json' } });
    }
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <FreshCache>
      <DuplicateListDialog list={list} onClose={onClose} />
      <Toaster />
    </FreshCache>,
  );
  expect(screen.getByLabelText(/Copy the list's 250,000 contacts/)).toHaveProperty('checked', true);

  await user.click(screen.getByRole('button', { name: 'Duplicate' }));
  const working = await screen.findByRole('button', { name: 'Duplicating…' });
  expect(working).toHaveProperty('disabled', true);
  await user.click(working);
  expect(posts).toEqual([
    '/api/marketing/lists/4/duplicate {"name":"Spring buyers (Copy)","description":null,"copyContacts":true}',
  ]);

  finish();
  await screen.findByText('List duplicated');
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
