/**
 * The dashboard home shows each card's real count; when the e-mail service is away it still
 * shows what crm counts (contacts, lists, form responses), '—' for campaigns, and says some
 * figures are missing instead of blanking every card.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { MarketingStats } from '@lp/contracts';
import { FreshCache } from '../../../test/fresh-cache';
import { totalsOf, webAnalyticsOf } from '../../../test/fixtures';
import { DashboardHome } from './dashboard-home';

const stats: MarketingStats = {
  totalContacts: 1234,
  totalCampaigns: 7,
  totalLists: 3,
  totalSubmissions: 58,
  changes: { contacts: 12.5, campaigns: null, lists: 0, submissions: -4 },
};
const webAnalytics = webAnalyticsOf(30, {
  ...totalsOf({ totalVisits: 12, uniqueVisitors: 9, averageTimeOnSite: 75, bounceRate: 40, pageviews: 30 }),
  previous: totalsOf({ totalVisits: 12, uniqueVisitors: 9, averageTimeOnSite: 75, bounceRate: 40, pageviews: 30 }),
  series: [],
});
let answers: Record<string, { status: number; body: unknown }>;
const unavailable = {
  status: 503,
  body: { error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' } },
};

beforeEach(() => {
  answers = {
    '/api/marketing/stats': { status: 200, body: stats },
    '/api/marketing-dashboard/email-analytics?days=30': unavailable,
    '/api/marketing-dashboard/web-analytics?days=30': unavailable,
  };
  vi.stubGlobal('fetch', async (url: string) => {
    const a = answers[url] ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderHome = () =>
  render(
    <MemoryRouter>
      <FreshCache>
        <DashboardHome />
      </FreshCache>
    </MemoryRouter>,
  );
const card = (title: string) => screen.getByRole('link', { name: new RegExp(`^${title}`) }).textContent;

it("shows crm's counts without the mailer, '—' for campaigns, and says some figures are missing", async () => {
  answers['/api/marketing/stats'] = { status: 200, body: { ...stats, totalCampaigns: null } };
  renderHome();
  expect((await screen.findByRole('alert')).textContent).toBe('Some figures could not be loaded.Try again');
  expect(card('Contacts')).toContain('1,234');
  expect(card('Contacts')).toContain('+12.5% from last month');
  expect(card('Lists')).toContain('3');
  expect(card('Form Responses')).toContain('58');
  expect(card('Campaigns')).toMatch(/^Campaigns—/);
  expect(card('Campaigns')).toContain('The e-mail service did not answer');
});

it('shows every count, campaigns included, when the services answer', async () => {
  answers['/api/marketing-dashboard/email-analytics?days=30'] = {
    status: 200,
    body: { openRate: 41.5, clickRate: 6.4, bounceRate: 1, totalSent: 200, series: [] },
  };
  renderHome();
  await screen.findByRole('heading', { name: 'Dashboard' });
  expect(card('Campaigns')).toMatch(/^Campaigns7/);
  expect(card('Open rate')).toContain('41.5%');
  expect(card('Click rate')).toContain('6.4%');
  // The web analytics still failed: the alert says so.
  expect(screen.getByRole('alert')).toBeDefined();
});

it('loads the missing figures again on Try again, without a page refresh', async () => {
  answers['/api/marketing/stats'] = { status: 200, body: { ...stats, totalCampaigns: null } };
  renderHome();
  const retry = await screen.findByRole('button', { name: 'Try again' });
  answers['/api/marketing/stats'] = { status: 200, body: stats };
  answers['/api/marketing-dashboard/email-analytics?days=30'] = {
    status: 200,
    body: { openRate: 0, clickRate: 0, bounceRate: 0, totalSent: 0, series: [] },
  };
  answers['/api/marketing-dashboard/web-analytics?days=30'] = { status: 200, body: webAnalytics };
  fireEvent.click(retry);
  await waitFor(() => expect(card('Campaigns')).toMatch(/^Campaigns7/));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(card('Website visits')).toContain('12');
});
