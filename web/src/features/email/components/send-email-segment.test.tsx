/**
 * 'Send an Email' to a saved segment, with a fake API: the segment is chosen beside lists, its
 * contacts are counted now, the confirmation names it, and the send carries `segmentId` (no
 * `listId`, no recipients); with no segment chosen the form asks for recipients.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { FreshCache } from '../../../test/fresh-cache';
import { json, stubRoutedFetch, type ApiCall } from '../../../test/fake-api';
import { renderInRouter } from '../../../test/render-in-router';
import { SendEmailPage } from './send-email-page';

const at = '2026-11-20T16:00:00.000Z';
/** A template as the API answers it (only what the editor reads). */
const welcome = {
  id: 7,
  name: 'Welcome',
  subject: 'Welcome to the lake',
  description: '',
  content: '<p>Hello from Lake Powell</p>',
  previewText: '',
  category: 'Custom',
  thumbnailUrl: null,
  version: 1,
  created_at: at,
  updated_at: at,
};
const segment = (id: number, name: string) => ({
  id,
  name,
  filter: { match: 'all', conditions: [] },
  createdAt: at,
  updatedAt: at,
  version: 1,
});

let calls: ApiCall[] = [];
beforeEach(() => {
  calls = [];
  stubRoutedFetch(
    () => ({
      'GET /api/marketing/templates': () => json([welcome]),
      'GET /api/marketing/lists': () => json([{ id: 4, name: 'Lake view buyers', contact_count: 1234 }]),
      'GET /api/marketing/segments': () => json([segment(2, 'Boaters'), segment(3, 'Warm leads')]),
      'GET /api/marketing/segments/3/count': () => json({ count: 1502 }),
      'GET /api/marketing/campaigns': () => json([]),
      'POST /api/marketing/single-send': () => json({ campaignId: 1, status: 'active' }, 202),
    }),
    calls,
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('sends to a chosen segment by its id, after naming it and its count', { timeout: 20_000 }, async () => {
  const user = userEvent.setup();
  renderInRouter(
    <FreshCache>
      <SendEmailPage />
      <Toaster />
    </FreshCache>,
  );
  await user.click(await screen.findByRole('button', { name: /Welcome/ }));
  await user.click(screen.getByRole('radio', { name: 'Send to a segment' }));
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
  expect(await screen.findByText('Please select recipients for your email', {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();

  await user.selectOptions(await screen.findByLabelText('Segment'), 'Warm leads');
  expect(await screen.findByText(/^1,502 contacts match now/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Email' }, { timeout: 5000 });
  expect(dialog.textContent).toContain('Recipients: Segment Warm leads (1,502 contacts now)');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Email sent successfully')).toBeTruthy();
  const sent = calls.filter((c) => c.method === 'POST' && c.url === '/api/marketing/single-send');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({ subject: 'Welcome to the lake', segmentId: 3 });
  expect(sent[0]!.body).not.toHaveProperty('listId');
  expect(sent[0]!.body).not.toHaveProperty('recipients');
});
