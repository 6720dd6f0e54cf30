/**
 * The email screens' dialogs (on the shared Dialog) with a fake API: Create Template keeps its
 * title, required-field messages and Cancel/Escape closing, and gives focus back to the button
 * that opened it; Schedule Campaign with no time starts the campaign now, and Escape leaves it
 * unscheduled.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { Campaign, Template } from '@lp/contracts/email';
import { Toaster } from '../../../components/toast/toaster';
import { renderInRouter } from '../../../test/render-in-router';
import { CampaignsPage } from './campaigns-page';
import { TemplatesPage } from './templates-page';
import { FreshCache } from '../../../test/fresh-cache';

const draft: Campaign = {
  id: 3,
  requestId: '0b8f3f5e-8f0e-4a53-9d36-0f1f5b0c2a12',
  name: 'Autumn lots',
  subject: 'Autumn by the lake',
  status: 'draft',
  created_at: '2026-11-20T16:00:00.000Z',
  scheduled_for: null,
  sent_count: 0,
  total_recipients: 12,
  recipients_estimated: true,
  open_rate: null,
  click_rate: null,
  pausedReason: null,
};

let calls: { method: string; url: string; body: unknown }[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/marketing/templates') return json([] satisfies Template[]);
    if (url === '/api/marketing/campaigns') return json([draft]);
    if (url === '/api/marketing/campaigns/3/schedule') return json({ ...draft, status: 'active' });
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = (ui: ReactNode) =>
  renderInRouter(
    <FreshCache>
      {ui}
      <Toaster />
    </FreshCache>,
  );

it('Create Template asks for name and subject, and Cancel or Escape closes it and gives focus back', async () => {
  const user = userEvent.setup();
  render(<TemplatesPage />);
  await screen.findByText('No templates yet.');
  const opener = screen.getByRole('button', { name: 'Create Template' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Create Template' });
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  await within(dialog).findByText('Name is required');
  expect(within(dialog).getByText('Subject is required')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);

  await user.click(opener);
  fireEvent(screen.getByRole('dialog', { name: 'Create Template' }), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('Schedule Campaign with no time starts the campaign now; Escape leaves it alone', async () => {
  const user = userEvent.setup();
  render(<CampaignsPage />);
  await screen.findByText('Autumn lots');

  await user.click(screen.getByRole('button', { name: 'Actions for Autumn lots' }));
  await user.click(screen.getByRole('menuitem', { name: 'Schedule' }));
  fireEvent(screen.getByRole('dialog', { name: 'Schedule Campaign' }), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Actions for Autumn lots' }));
  await user.click(screen.getByRole('menuitem', { name: 'Schedule' }));
  const dialog = screen.getByRole('dialog', { name: 'Schedule Campaign' });
  expect(within(dialog).getByLabelText(/^Send at/)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  await screen.findByText('Campaign started');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    { method: 'POST', url: '/api/marketing/campaigns/3/schedule', body: { scheduledFor: null } },
  ]);
});
