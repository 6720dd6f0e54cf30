/**
 * Mark as Read / Mark as Unread: from a row of the list and from the message view, each a PUT
 * the server keeps; the row's bold state and the unread count follow what the server answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { InboxEmail, InboxEmailSummary } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { InboxPage } from './inbox-page';
import { json } from '../../../test/fake-api';

const summary = (id: number, subject: string, isRead: boolean): InboxEmailSummary => ({
  id,
  subject,
  fromName: `Sender ${id}`,
  fromEmail: `sender${id}@example.com`,
  receivedAt: '2026-11-20T16:00:00.000Z',
  isRead,
  status: 'inbox',
  hasAttachments: false,
  snippet: '',
  contactId: null,
});

let emails: InboxEmailSummary[];
let puts: string[];

beforeEach(() => {
  emails = [summary(1, 'Lot 4 price', false), summary(2, 'Lot 9 survey', true)];
  puts = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const read = /^\/api\/marketing-dashboard\/inbox\/(\d+)\/(read|unread)$/.exec(path);
    if (read && init?.method === 'PUT') {
      puts.push(path);
      const e = emails.find((x) => x.id === Number(read[1]))!;
      e.isRead = read[2] === 'read';
      return json({ id: e.id, isRead: e.isRead, status: e.status });
    }
    const one = /^\/api\/marketing-dashboard\/inbox\/(\d+)$/.exec(path);
    if (one) {
      const e = emails.find((x) => x.id === Number(one[1]))!;
      const detail: InboxEmail = {
        ...e,
        to: 'info@lakepowelllots.com',
        cc: '',
        sentAt: null,
        messageId: `m${e.id}@example.com`,
        inReplyTo: null,
        references: [],
        hasRemoteImages: false,
        attachments: [],
        bodyText: 'Hello',
        bodyHtml: '',
      };
      return json(detail);
    }
    if (path === '/api/marketing-dashboard/inbox')
      return json({
        emails,
        total: emails.length,
        unreadCount: emails.filter((e) => !e.isRead).length,
        nextCursor: null,
      });
    return json({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const show = () => renderScreen(<InboxPage />);
const rowOf = (subject: string) => screen.getByRole('button', { name: new RegExp(subject) }).closest('tr')!;

it('marks a row read and unread from the list, and the bold state and unread count follow', async () => {
  const user = userEvent.setup();
  show();
  await screen.findByText('1 unread');
  expect(rowOf('Lot 4 price').className).toContain('font-semibold');

  await user.click(within(rowOf('Lot 4 price')).getByRole('button', { name: 'Mark as read' }));
  await waitFor(() => expect(rowOf('Lot 4 price').className).not.toContain('font-semibold'));
  expect(screen.queryByText('1 unread')).toBeNull();
  expect(puts).toEqual(['/api/marketing-dashboard/inbox/1/read']);
  // The button says what it does now, and which email it is for.
  const again = within(rowOf('Lot 4 price')).getByRole('button', { name: 'Mark as unread' });
  expect(document.getElementById(again.getAttribute('aria-describedby')!)!.textContent).toBe('Lot 4 price');

  await user.click(within(rowOf('Lot 9 survey')).getByRole('button', { name: 'Mark as unread' }));
  await screen.findByText('1 unread');
  await waitFor(() => expect(rowOf('Lot 9 survey').className).toContain('font-semibold'));
  expect(puts).toEqual(['/api/marketing-dashboard/inbox/1/read', '/api/marketing-dashboard/inbox/2/unread']);
  // Opening nothing happened: no dialog.
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('marks an opened email unread from the message view, and does not mark it read again while open', async () => {
  const user = userEvent.setup();
  show();
  await user.click(await screen.findByRole('button', { name: /Lot 4 price/ }));
  const dialog = await screen.findByRole('dialog');
  // Opening marks it read; the view then offers Mark as unread.
  await user.click(await within(dialog).findByRole('button', { name: 'Mark as unread' }));
  await within(dialog).findByRole('button', { name: 'Mark as read' });
  await screen.findByText('1 unread');
  expect(puts).toEqual(['/api/marketing-dashboard/inbox/1/read', '/api/marketing-dashboard/inbox/1/unread']);
});
