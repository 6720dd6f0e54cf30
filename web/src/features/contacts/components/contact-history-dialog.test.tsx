/** View History lists the mail a contact wrote to the inbox beside the rest of its activity. */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SWRConfig } from 'swr';
import type { Contact, ContactHistory } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';
import { ContactHistoryDialog } from './contact-history-dialog';

const contact: Contact = {
  id: 7,
  email: 'ivy@example.com',
  firstName: 'Ivy',
  lastName: 'Long',
  phone: null,
  status: 'subscribed',
  source: 'manual_entry',
  metadata: { address: null, notes: null },
  createdAt: '2026-11-01T16:00:00.000Z',
  updatedAt: '2026-11-01T16:00:00.000Z',
};

const history: ContactHistory = {
  contact,
  items: [
    {
      type: 'email_received',
      at: '2026-11-20T16:00:00.000Z',
      inboxId: 3,
      subject: 'Re: Lake view lots',
      snippet: 'Is lot 12 still available?',
    },
    { type: 'list_joined', at: '2026-11-02T16:00:00.000Z', listId: 1, listName: 'Spring' },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/marketing/contacts/7/history'
      ? new Response(JSON.stringify(history), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('shows a received message with its subject and first words, newest first', async () => {
  render(
    <SWRConfig value={{ ...swrDefaults, provider: () => new Map() }}>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </SWRConfig>,
  );
  const received = await screen.findByText('Wrote to the inbox: Re: Lake view lots');
  expect(screen.getByText('Is lot 12 still available?').textContent).toBe('Is lot 12 still available?');
  const rows = screen.getAllByRole('listitem');
  expect(rows[0]!.contains(received)).toBe(true);
  expect(rows[1]!.textContent).toContain('Added to the list Spring');
});
