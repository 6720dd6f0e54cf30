/**
 * Outbound links, file downloads and pages not found on the Web tab, with a fake API: the rows
 * with their counts and the page that linked to a missing one, only web addresses as links, an
 * empty card's sentence, and the error's Try again.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteEvents } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { SiteEventsCards } from './site-events-cards';

const apiCalls: ApiCall[] = [];
let routes: ApiRoutes = {};
beforeEach(() => {
  apiCalls.length = 0;
  routes = {};
  stubRoutedFetch(() => routes, apiCalls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const events: SiteEvents = {
  from: '2026-10-30',
  to: '2026-11-28',
  days: 30,
  outboundLinks: [
    { value: 'https://www.coconino.az.gov/permits', referrer: '', hits: 12 },
    { value: 'javascript:alert(1)', referrer: '', hits: 1 },
  ],
  fileDownloads: [],
  notFound: [
    { value: '/lots/99', referrer: 'https://www.zillow.com/homedetails', hits: 3 },
    { value: '/old-page', referrer: '', hits: 1 },
  ],
};

describe('outbound links, file downloads and pages not found', () => {
  it('lists each with its count, links only web addresses, and names the page that linked to a missing one', async () => {
    routes['GET /api/marketing-dashboard/site-events?days=30'] = () => json(events);
    renderScreen(<SiteEventsCards period={{ days: 30 }} />);
    const outbound = (await screen.findByRole('heading', { name: 'Outbound links' })).closest('section')!;
    const county = within(outbound).getByRole('link', { name: 'https://www.coconino.az.gov/permits' });
    expect(county.getAttribute('target')).toBe('_blank');
    expect(within(county.closest('tr')!).getByText('12')).toBeTruthy();
    expect(within(outbound).getByText('javascript:alert(1)').closest('a')).toBeNull();
    const downloads = screen.getByRole('heading', { name: 'File downloads' }).closest('section')!;
    expect(within(downloads).getByText('No file was downloaded in this range.')).toBeTruthy();
    expect(within(downloads).queryByRole('button', { name: /CSV/ })).toBeNull();
    const missing = screen.getByRole('heading', { name: 'Pages not found' }).closest('section')!;
    expect(within(missing).getByText('Linked from https://www.zillow.com/homedetails')).toBeTruthy();
    expect(within(missing).getByText('Linked from: unknown')).toBeTruthy();
    expect(within(missing).getByRole('button', { name: 'Download Pages not found as CSV' })).toBeTruthy();
  });

  it('says when they could not be loaded, and tries again on Try again', async () => {
    let fail = true;
    routes['GET /api/marketing-dashboard/site-events?days=7'] = () =>
      fail
        ? json({ error: { code: 'unavailable', message: 'Down' } }, 503)
        : json({ ...events, from: '2026-11-22', days: 7 });
    renderScreen(<SiteEventsCards period={{ days: 7 }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'https://www.coconino.az.gov/permits' })).toBeTruthy();
  });
});
