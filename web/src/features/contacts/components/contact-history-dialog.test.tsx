/**
 * View History lists the mail sent to a contact (campaign, subject, delivery status, opens, the
 * clicked link) and the mail it wrote to the inbox beside the rest of its activity, newest first.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Contact, ContactHistoryPage } from '@lp/contracts';
import { ContactHistoryDialog } from './contact-history-dialog';
import { FreshCache } from '../../../test/fresh-cache';
import { contactOf } from '../../../test/fixtures';

const contact: Contact = contactOf(7, { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Long' });

const history: ContactHistoryPage = {
  contact,
  items: [
    {
      type: 'email_received',
      at: '2026-11-20T16:00:00.000Z',
      inboxId: 3,
      subject: 'Re: Lake view lots',
      snippet: 'Is lot 12 still available?',
    },
    {
      type: 'email_clicked',
      at: '2026-11-10T17:00:00.000Z',
      campaignId: 4,
      campaignName: 'Spring lots',
      subject: 'Lots for you, Ivy',
      url: 'https://lakepowelllots.com/lots/12',
      scanner: false,
    },
    {
      type: 'email_opened',
      at: '2026-11-10T16:30:00.000Z',
      campaignId: 4,
      campaignName: 'Spring lots',
      subject: 'Lots for you, Ivy',
      proxy: false,
    },
    {
      type: 'email_sent',
      at: '2026-11-10T16:00:00.000Z',
      campaignId: 4,
      campaignName: 'Spring lots',
      subject: 'Lots for you, Ivy',
      status: 'sent',
    },
    {
      type: 'email_sent',
      at: '2026-11-03T16:00:00.000Z',
      campaignId: 2,
      campaignName: 'Welcome',
      subject: 'Welcome, Ivy',
      status: 'bounced',
    },
    { type: 'list_joined', at: '2026-11-02T16:00:00.000Z', listId: 1, listName: 'Spring' },
  ],
  shownSince: null,
  mailUnavailable: false,
};
let answer: ContactHistoryPage = history;

const calls: unknown[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const ok = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url === '/api/marketing/contacts/7/calls' && init?.method === 'POST') {
      const { note } = JSON.parse(String(init.body)) as { note: string };
      calls.push(note);
      const call = { id: 1, contactId: 7, at: '2026-11-21T16:00:00.000Z', note, loggedBy: 'owner' };
      answer = { ...answer, items: [{ type: 'call_logged', callId: 1, ...call }, ...answer.items] };
      return ok(call, 201);
    }
    return url === '/api/marketing/contacts/7/history' ? ok(answer) : ok({}, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = history;
});

it('shows a received message with its subject and first words, newest first', async () => {
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  const received = await screen.findByText('Wrote to the inbox: Re: Lake view lots');
  expect(screen.getByText('Is lot 12 still available?').textContent).toBe('Is lot 12 still available?');
  const rows = screen.getAllByRole('listitem');
  expect(rows[0]!.contains(received)).toBe(true);
  expect(rows.at(-1)!.textContent).toContain('Added to the list Spring');
  expect(screen.queryByText(/older activity is not listed/)).toBeNull();
});

it('says from when a long history is shown, so a gap is never taken for no activity', async () => {
  answer = { ...history, items: history.items.slice(0, 4), shownSince: '2026-11-10T16:00:00.000Z' };
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  const note = await screen.findByText(/older activity is not listed here/);
  expect(note.textContent).toMatch(
    /^Showing the activity since Nov 10, 2026, .+; older activity is not listed here\.$/,
  );
  expect(note.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-10T16:00:00.000Z');
});

it('shows each message sent with its campaign and delivery status, and its opens and clicks with the link', async () => {
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  await screen.findByText('Clicked a link in “Lots for you, Ivy”');
  const rows = screen.getAllByRole('listitem').map((r) => r.textContent ?? '');
  expect(rows).toHaveLength(6);
  expect(rows[1]).toContain('https://lakepowelllots.com/lots/12');
  expect(rows[1]).toContain('Campaign Spring lots');
  expect(rows[2]).toContain('Opened “Lots for you, Ivy”');
  expect(rows[3]).toContain('Sent “Lots for you, Ivy”');
  expect(rows[3]).toContain('Campaign Spring lots — delivered to the mail server');
  expect(rows[4]).toContain('Sent “Welcome, Ivy”');
  expect(rows[4]).toContain('Campaign Welcome — bounced');
  // Each entry shows when it happened.
  expect(screen.getAllByRole('listitem')[1]!.querySelector('time')!.getAttribute('dateTime')).toBe(
    '2026-11-10T17:00:00.000Z',
  );
});

it('shows what crm knows when the mail could not be loaded, and says so instead of "No activity yet"', async () => {
  answer = { ...history, items: [], mailUnavailable: true };
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The e-mail to and from this contact could not be loaded right now');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  expect(screen.queryByText('No activity yet')).toBeNull();
});

it('tells a link scanner and a machine open from what the person did', async () => {
  const [received, click, open, ...rest] = history.items;
  answer = {
    ...history,
    items: [
      received!,
      { ...(click as Extract<typeof click, { type: 'email_clicked' }>), scanner: true },
      { ...(open as Extract<typeof open, { type: 'email_opened' }>), proxy: true },
      ...rest,
    ],
  };
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  const scanned = await screen.findByText('A link scanner followed a link in “Lots for you, Ivy”');
  expect(scanned.closest('li')!.textContent).toContain('https://lakepowelllots.com/lots/12 — not counted as a click');
  expect(screen.queryByText('Clicked a link in “Lots for you, Ivy”')).toBeNull();
  expect(
    screen.getByText(/a machine open \(a mail privacy proxy or a prefetch on delivery\), perhaps not read/),
  ).toBeTruthy();
});

it('logs a call with a note, and shows it at the top of the history', async () => {
  const user = userEvent.setup();
  render(
    <FreshCache>
      <ContactHistoryDialog contact={contact} onClose={() => {}} />
    </FreshCache>,
  );
  await screen.findByText('Wrote to the inbox: Re: Lake view lots');
  await user.type(screen.getByLabelText('Call note (optional)'), 'Talked about lot 12');
  await user.click(screen.getByRole('button', { name: 'Log a call' }));
  const logged = await screen.findByText('Call logged by owner');
  expect(calls).toEqual(['Talked about lot 12']);
  expect(screen.getAllByRole('listitem')[0]!.contains(logged)).toBe(true);
  expect(logged.closest('li')!.textContent).toContain('Talked about lot 12');
  expect((screen.getByLabelText('Call note (optional)') as HTMLInputElement).value).toBe('');
});
