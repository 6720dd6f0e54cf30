/**
 * The email screens' dialogs (on the shared Dialog) with a fake API: Create Template keeps its
 * title, required-field messages and Cancel/Escape closing, and gives focus back to the button
 * that opened it; Schedule Campaign cannot be sent without a time (its button stays disabled),
 * Send now is its own action and asks first, and Escape leaves the campaign alone; deleting a
 * template asks first and Cancel keeps it.
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
import { json } from '../../../test/fake-api';

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
  abTestStatus: null,
};

const welcome: Template = {
  id: 7,
  name: 'Welcome',
  subject: 'Welcome to the lake',
  description: '',
  content: '<p>Hello</p>',
  previewText: '',
  category: 'Custom',
  thumbnailUrl: null,
  version: 1,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
};
let templates: Template[] = [];
let abCampaigns: Campaign[] = [];
let calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  calls = [];
  templates = [];
  abCampaigns = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/marketing/templates') return json(templates);
    if (url === '/api/marketing/templates/7' && method === 'DELETE') {
      templates = [];
      return new Response(null, { status: 204 });
    }
    if (url === '/api/marketing/campaigns') return json([draft, ...abCampaigns]);
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

  await user.type(within(dialog).getByLabelText(/^Name/), 'Abandoned draft');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);

  // Opened again, it starts empty: nothing from the abandoned try, no old messages.
  await user.click(opener);
  const again = screen.getByRole('dialog', { name: 'Create Template' });
  expect((within(again).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  expect(within(again).queryByText('Subject is required')).toBeNull();
  fireEvent(screen.getByRole('dialog', { name: 'Create Template' }), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});

it('Schedule Campaign needs a time; Send now is its own action and asks first; Escape leaves it alone', async () => {
  const user = userEvent.setup();
  render(<CampaignsPage />);
  await screen.findByText('Autumn lots');
  const openMenu = () => user.click(screen.getByRole('button', { name: 'Actions for Autumn lots' }));

  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Schedule' }));
  fireEvent(screen.getByRole('dialog', { name: 'Schedule Campaign' }), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).toBeNull();

  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Schedule' }));
  const dialog = screen.getByRole('dialog', { name: 'Schedule Campaign' });
  expect(within(dialog).queryByRole('button', { name: 'Send now' })).toBeNull();
  const schedule = within(dialog).getByRole('button', { name: 'Schedule' }) as HTMLButtonElement;
  expect(schedule.disabled).toBe(true);
  fireEvent.change(within(dialog).getByLabelText(/^Send at/), { target: { value: '2026-12-01T09:30' } });
  expect(schedule.disabled).toBe(false);
  await user.click(schedule);
  expect(screen.queryByRole('dialog')).toBeNull();
  await screen.findByText('Campaign scheduled');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    {
      method: 'POST',
      url: '/api/marketing/campaigns/3/schedule',
      body: { scheduledFor: '2026-12-01T16:30:00.000Z' }, // 09:30 in Phoenix, the site's zone
    },
  ]);

  calls = [];
  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Send now' }));
  const ask = () => screen.getByRole('dialog', { name: 'Send Campaign Now' });
  expect(ask().textContent).toContain('Send “Autumn lots” now to about 12 recipients?');
  await user.click(within(ask()).getByRole('button', { name: 'Cancel' }));
  expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Send now' }));
  await user.click(within(ask()).getByRole('button', { name: 'Send now' }));
  await screen.findByText('Campaign started');
  expect(calls.filter((c) => c.method === 'POST')).toEqual([
    { method: 'POST', url: '/api/marketing/campaigns/3/schedule', body: { scheduledFor: null } },
  ]);
});

it('Delete on a template asks first; Cancel keeps it, Delete removes it', async () => {
  templates = [welcome];
  const user = userEvent.setup();
  render(<TemplatesPage />);
  await screen.findByText('Welcome');
  const openMenu = () => user.click(screen.getByRole('button', { name: 'Actions for Welcome' }));
  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const ask = () => screen.getByRole('dialog', { name: 'Delete Template' });
  expect(ask().textContent).toContain('Delete the template “Welcome”?');
  await user.click(within(ask()).getByRole('button', { name: 'Cancel' }));
  expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  expect(screen.getByText('Welcome')).toBeTruthy();

  await openMenu();
  await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  await user.click(within(ask()).getByRole('button', { name: 'Delete' }));
  await screen.findByText('Template deleted successfully');
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/marketing/templates/7']);
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('marks a campaign with an A/B subject test in the table, and its winner once picked', async () => {
  abCampaigns = [
    { ...draft, id: 4, name: 'Lake view test', status: 'active', abTestStatus: 'testing' },
    { ...draft, id: 5, name: 'Spring test', status: 'completed', abTestStatus: 'b_won' },
  ];
  render(<CampaignsPage />);
  const testing = (await screen.findByRole('link', { name: 'Lake view test' })).closest('td')!;
  expect(testing.textContent).toBe('Lake view testA/B test');
  expect(screen.getByRole('link', { name: 'Spring test' }).closest('td')!.textContent).toBe(
    'Spring testA/B test · B won',
  );
  expect(screen.getByRole('link', { name: 'Autumn lots' }).closest('td')!.textContent).toBe('Autumn lots');
});
