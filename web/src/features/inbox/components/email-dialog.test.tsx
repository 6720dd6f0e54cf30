/** The detail dialog names the broadcast a reply answers and links to that campaign. */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { InboxEmail } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { EmailDialog } from './email-dialog';

const email = (over: Partial<InboxEmail>): InboxEmail => ({
  id: 5,
  subject: 'Re: Lake view lots',
  fromName: 'Una Long',
  fromEmail: 'una@example.com',
  receivedAt: '2026-11-20T16:00:00.000Z',
  isRead: true,
  status: 'inbox',
  hasAttachments: false,
  snippet: 'Is lot 12 still available?',
  contactId: 9,
  to: 'sales@lakepowelllots.com',
  cc: '',
  sentAt: null,
  messageId: 'reply-una-1@example.com',
  inReplyTo: '<d3.c4@mail.lakepowell.test>',
  references: [],
  hasRemoteImages: false,
  attachments: [],
  bodyText: 'Is lot 12 still available?',
  bodyHtml: '',
  ...over,
});

let answer: InboxEmail;
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/marketing-dashboard/inbox/5'
      ? new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = () => renderScreen(<EmailDialog id={5} onClose={() => {}} />);

it('shows "Reply to campaign" with a link to the campaign', async () => {
  answer = email({ campaignId: 4, campaignName: 'Spring lots', campaignSubject: 'Lake view lots' });
  show();
  const link = await screen.findByRole('link', { name: 'Spring lots' });
  expect(link.getAttribute('href')).toBe('/marketing/campaigns/4');
  expect(link.parentElement!.textContent).toBe('Reply to campaign: Spring lots');
});

it('shows no campaign row for a message that answers no broadcast', async () => {
  answer = email({ campaignId: null, campaignName: null, campaignSubject: null });
  show();
  await screen.findByText('Una Long');
  expect(screen.queryByText(/Reply to campaign/)).toBeNull();
});
