/**
 * Reply in the Inbox answers from the product: it opens 'Send an Email' on Compose with the
 * sender as the one recipient, "Re: " before the subject and the message quoted (its text,
 * escaped), all editable, and Send posts a single send to that address (the send that counts as
 * the lead's first response). A sender who is not a contact yet is added first.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { InboxEmail } from '@lp/contracts';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from '../components/toast/toaster';
import { SendEmailPage } from '../features/email';
import { EmailDialog } from '../features/inbox/components/email-dialog';
import { renderScreen } from '../test/render-in-router';

const email = (over: Partial<InboxEmail> = {}): InboxEmail => ({
  id: 5,
  subject: 'Lot 12 <by the marina>',
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
  messageId: 'una-1@example.com',
  inReplyTo: null,
  references: [],
  hasRemoteImages: false,
  attachments: [],
  bodyText: 'Is lot 12 still available?\nMy budget is < $90k & <b>flexible</b>.',
  bodyHtml: '<p>Is lot 12 still available?</p>',
  ...over,
});

let answer: InboxEmail;
/** What the contacts search answers (the Send page looks the reply's recipient up). */
let contacts: unknown[] = [];
let posts: { url: string; body: unknown }[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = [];
  contacts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://dashboard.test').pathname;
    if (init.method === 'POST') posts.push({ url: path, body: JSON.parse(String(init.body ?? '{}')) });
    if (path === '/api/marketing-dashboard/inbox/5') return json(answer);
    if (path === '/api/marketing-dashboard/inbox/5/contact') return json({ contactId: 11, created: true });
    if (path === '/api/marketing/single-send') return json({ campaignId: 3, status: 'active' }, 202);
    if (path === '/api/marketing/contacts') return json(contacts);
    return json([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  renderScreen(
    <>
      <Routes>
        <Route path="/marketing/inbox" element={<EmailDialog id={5} onClose={() => {}} />} />
        <Route path="/marketing/send-email" element={<SendEmailPage />} />
      </Routes>
      <Toaster />
    </>,
    '/marketing/inbox',
  );

it('opens Send an Email prefilled with the sender, "Re:" subject and the quoted text, and sends to them', async () => {
  answer = email();
  const user = userEvent.setup();
  show();
  const reply = await screen.findByRole('button', { name: 'Reply' });
  // Keyboard reachable: a button, opened with Enter.
  reply.focus();
  await user.keyboard('{Enter}');

  expect(await screen.findByRole('heading', { name: 'Send an Email' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Compose' }).getAttribute('aria-selected')).toBe('true');
  const subject = screen.getByLabelText(/^Subject/) as HTMLInputElement;
  expect(subject.value).toBe('Re: Lot 12 <by the marina>');
  const content = (screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value;
  expect(content).toContain('Una Long &lt;una@example.com&gt; wrote:');
  expect(content).toContain(
    'Is lot 12 still available?<br>\nMy budget is &lt; $90k &amp; &lt;b&gt;flexible&lt;/b&gt;.',
  );
  expect(content).not.toContain('<b>');
  expect(screen.getByRole('radio', { name: 'Choose individuals' })).toHaveProperty('checked', true);
  expect(screen.getByLabelText('Selected recipients').textContent).toContain('una@example.com');
  expect(posts).toEqual([]);

  // Editable: staff write their answer.
  await user.clear(subject);
  await user.type(subject, 'Re: Lot 12');
  const sendButton = screen.getByRole('button', { name: 'Send Email' }) as HTMLButtonElement;
  expect(sendButton.disabled).toBe(false);
  await user.click(sendButton);
  const dialog = await screen.findByRole('dialog', { name: 'Send Email' }, { timeout: 5000 });
  expect(dialog.textContent).toContain('1 recipient: una@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  await screen.findByText('Email sent successfully', {}, { timeout: 5000 });
  expect(posts).toEqual([
    {
      url: '/api/marketing/single-send',
      body: expect.objectContaining({ subject: 'Re: Lot 12', recipients: ['una@example.com'] }),
    },
  ]);
});

it('keeps one "Re:", quotes the words of an HTML-only message, and adds a sender who is no contact first', async () => {
  answer = email({
    subject: 'RE: Lake view lots',
    contactId: null,
    bodyText: '',
    bodyHtml: '<div><p>Call me at <b>noon</b></p><p>Thanks, &lt;Una&gt;</p><script>alert(1)</script></div>',
  });
  const user = userEvent.setup();
  show();
  await user.click(await screen.findByRole('button', { name: 'Reply' }));
  expect(await screen.findByRole('heading', { name: 'Send an Email' })).toBeTruthy();
  expect(posts.map((p) => p.url)).toEqual(['/api/marketing-dashboard/inbox/5/contact']);
  expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('RE: Lake view lots');
  const content = (screen.getByLabelText(/^Content/) as HTMLTextAreaElement).value;
  expect(content).toContain('Call me at noon<br>\nThanks, &lt;Una&gt;</blockquote>');
  expect(content).not.toMatch(/<b>|<script|<div|alert/);
});

it('says a reply to an unsubscribed contact would not be sent, and Send goes no further', async () => {
  answer = email();
  contacts = [
    { id: 9, firstName: 'Una', lastName: 'Long', email: 'Una@example.com', status: 'unsubscribed' },
    { id: 10, firstName: 'Una', lastName: 'Other', email: 'una.other@example.com', status: 'subscribed' },
  ];
  const user = userEvent.setup();
  show();
  await user.click(await screen.findByRole('button', { name: 'Reply' }));
  expect(await screen.findByRole('heading', { name: 'Send an Email' })).toBeTruthy();
  const notice =
    'This reply would not be sent: Una@example.com is unsubscribed, and unsubscribed or bounced contacts are never mailed. Answer from your own mail program.';
  expect(await screen.findByText(notice)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByRole('dialog', { name: 'Send Email' })).toBeNull();
  expect(screen.getByText(notice)).toBeTruthy();
  expect(posts).toEqual([]);
});

it('lets a reply to a subscribed contact go on as before', async () => {
  answer = email();
  contacts = [{ id: 9, firstName: 'Una', lastName: 'Long', email: 'una@example.com', status: 'subscribed' }];
  const user = userEvent.setup();
  show();
  await user.click(await screen.findByRole('button', { name: 'Reply' }));
  expect(await screen.findByRole('heading', { name: 'Send an Email' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
  expect(await screen.findByRole('dialog', { name: 'Send Email' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByText(/This reply would not be sent/)).toBeNull();
});
