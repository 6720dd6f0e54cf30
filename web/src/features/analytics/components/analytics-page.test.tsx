/**
 * The Analytics screen's Web tab with a fake API: figures and change, range change (a new
 * request with days), chart type, refresh (posts, then refetches), the empty state of a new
 * site, the error state's retry, and interest per lot for the range.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebAnalytics } from '@lp/contracts';
import { renderScreen } from '../../../test/render-in-router';
import { AnalyticsPage } from './analytics-page';
import { json, stubRoutedFetch, type ApiCall, type ApiRoutes } from '../../../test/fake-api';
import { totalsOf, webAnalyticsOf } from '../../../test/fixtures';

const busy = (days: 7 | 30 | 90 | 365) =>
  webAnalyticsOf(days, {
    ...totalsOf({ totalVisits: 1200, uniqueVisitors: 900, averageTimeOnSite: 75, bounceRate: 42.25, pageviews: 3000 }),
    previous: totalsOf({
      totalVisits: 1000,
      uniqueVisitors: 900,
      averageTimeOnSite: 60,
      bounceRate: 40,
      pageviews: 2500,
    }),
    series: [{ day: '2026-11-24', visits: 1200, visitors: 900, pageviews: 3000 }],
    top: {
      pages: [{ value: '/lot-map', visits: 0, pageviews: 800, bounceRate: 0 }],
      entryPages: [{ value: '/', visits: 700, pageviews: 1500, bounceRate: 48 }],
      exitPages: [{ value: '/contact', visits: 400, pageviews: 1200, bounceRate: 10 }],
      referrers: [{ value: 'google.com', visits: 300, pageviews: 700, bounceRate: 35 }],
      sources: [{ value: '', visits: 500, pageviews: 900, bounceRate: 50 }],
      campaigns: [{ value: 'spring-lots', visits: 120, pageviews: 400, bounceRate: 20 }],
      mediums: [{ value: 'email', visits: 150, pageviews: 450, bounceRate: 25 }],
      terms: [{ value: 'lake powell lots', visits: 40, pageviews: 90, bounceRate: 30 }],
      contents: [{ value: 'hero-button', visits: 35, pageviews: 80, bounceRate: 20 }],
      devices: [{ value: 'mobile', visits: 700, pageviews: 1500, bounceRate: 45 }],
      browsers: [{ value: 'Safari', visits: 600, pageviews: 1400, bounceRate: 44 }],
      operatingSystems: [
        { value: 'iOS', visits: 650, pageviews: 1450, bounceRate: 43 },
        { value: '', visits: 20, pageviews: 25, bounceRate: 90 },
      ],
      countries: [
        { value: 'US', visits: 900, pageviews: 2200, bounceRate: 40 },
        { value: '', visits: 30, pageviews: 40, bounceRate: 80 },
      ],
      regions: [{ value: 'Arizona, US', visits: 500, pageviews: 1300, bounceRate: 38 }],
      cities: [{ value: 'Page, Arizona, US', visits: 120, pageviews: 400, bounceRate: 30 }],
    },
  });

const apiCalls: ApiCall[] = [];
/** Each call as "METHOD url". */
const calls = () => apiCalls.map((c) => `${c.method} ${c.url}`);
let routes: ApiRoutes = {};
let user: UserEvent;

beforeEach(() => {
  apiCalls.length = 0;
  routes = {
    'GET /api/marketing-dashboard/leads-by-source?days=30': () =>
      json({
        days: 30,
        sources: [
          { value: 'newsletter', leads: 3, visits: 60, convertingVisits: 3, conversionRate: 5 },
          { value: '', leads: 3, visits: 1, convertingVisits: 1, conversionRate: 100 },
        ],
        campaigns: [],
        emailCampaigns: [{ value: 'Spring lots', leads: 2, visits: 40, convertingVisits: 2, conversionRate: 5 }],
        unattributed: 2,
      }),
    'GET /api/marketing-dashboard/leads-by-source?days=7': () =>
      json({ days: 7, sources: [], campaigns: [], emailCampaigns: [], unattributed: 0 }),
  };
  stubRoutedFetch(() => routes, apiCalls);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => vi.restoreAllMocks());

const render = () => renderScreen(<AnalyticsPage emailTab={null} />);

describe('Analytics screen, Web tab', () => {
  it('shows the four figures with their change, the top tables and leads by source', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    render();
    expect(screen.getByRole('tab', { name: 'Web Analytics' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('1,200')).toBeTruthy();
    expect(screen.getByText('+20.0%')).toBeTruthy(); // visits 1,000 → 1,200
    expect(screen.getByText('42.3%')).toBeTruthy(); // one decimal
    expect(screen.getByText('+2.3 pts')).toBeTruthy();
    expect(screen.getByText('1m 15s')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'About Bounce rate' })).toBeTruthy();
    const systems = screen.getByRole('heading', { name: 'Operating systems' }).closest('section')!;
    expect(within(systems).getByRole('columnheader', { name: 'Operating system' })).toBeTruthy();
    expect(within(within(systems).getByText('iOS').closest('tr')!).getByText('650')).toBeTruthy();
    expect(within(systems).getByText('Unknown')).toBeTruthy();
    const mediums = screen.getByRole('heading', { name: 'Top mediums' }).closest('section')!;
    expect(within(mediums).getByRole('button', { name: 'email' })).toBeTruthy();
    const terms = screen.getByRole('heading', { name: 'Top terms' }).closest('section')!;
    expect(within(within(terms).getByText('lake powell lots').closest('tr')!).getByText('40')).toBeTruthy();
    const contents = screen.getByRole('heading', { name: 'Top contents' }).closest('section')!;
    expect(within(contents).getByRole('button', { name: 'hero-button' })).toBeTruthy();
    const exits = screen.getByRole('heading', { name: 'Exit pages' }).closest('section')!;
    expect(within(within(exits).getByText('/contact').closest('tr')!).getByText('400')).toBeTruthy();
    const campaigns = screen.getByRole('heading', { name: 'Top campaigns' }).closest('section')!;
    expect(within(campaigns).getByText('spring-lots')).toBeTruthy();
    const leads = screen.getByRole('heading', { name: 'Leads by source' }).closest('section')!;
    expect(await within(leads).findByText('newsletter')).toBeTruthy();
    expect(within(leads).getAllByText('5.0%')).toHaveLength(2);
    // Three leads from one direct visit: one converting visit of one, 100%, never 300%.
    const direct = within(leads).getByText('Direct / none').closest('tr')!;
    expect(Array.from(direct.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'Direct / none',
      '3',
      '1',
      '1',
      '100.0%',
    ]);
    // Leads without a tracked visit are their own row, with no visits and no rate.
    const unattributed = within(leads).getByText('Unattributed').closest('tr')!;
    expect(Array.from(unattributed.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'UnattributedNo tracked visit before the form',
      '2',
      '—',
      '—',
      '—',
    ]);
    // Leads an e-mail click brought are shown under that e-mail's campaign.
    expect(within(leads).getByRole('columnheader', { name: 'Email campaign' })).toBeTruthy();
    expect(within(leads).getByText('Email: Spring lots')).toBeTruthy();
  });

  it('asks for the chosen range, switches the chart type, and refreshes then refetches', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/web-analytics?days=7'] = () => json(busy(7));
    routes['POST /api/marketing-dashboard/refresh-analytics?days=7'] = () => json({ days: 7, from: 'a', to: 'b' });
    render();
    expect(await screen.findByRole('img', { name: /Line chart/ })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 7 days');
    await screen.findByText('Visits per day, last 7 days');
    expect(calls()).toContain('GET /api/marketing-dashboard/web-analytics?days=7');
    await user.selectOptions(screen.getByLabelText('Chart type'), 'Bar');
    expect(screen.getByRole('img', { name: /Bar chart/ })).toBeTruthy();
    const before = calls().filter((c) => c === 'GET /api/marketing-dashboard/web-analytics?days=7').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls()).toContain('POST /api/marketing-dashboard/refresh-analytics?days=7'));
    await waitFor(() =>
      expect(calls().filter((c) => c === 'GET /api/marketing-dashboard/web-analytics?days=7').length).toBe(before + 1),
    );
  });

  it("says why a refresh failed in the server's words, never its raw answer", async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['POST /api/marketing-dashboard/refresh-analytics?days=30'] = () =>
      json(
        { error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' } },
        503,
      );
    render();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByText(/could not be refreshed/);
    expect(alert.textContent).toBe(
      'The analytics could not be refreshed. The service is temporarily unavailable. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false);
  });

  it('lists interest per lot for the chosen range, most interest first', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/web-analytics?days=365'] = () => json(busy(365));
    const interest = (
      days: 30 | 365,
      lots: { number: number; pageViews: number; mapClicks: number; leads: number; watchers: number }[],
    ) =>
      json({
        ...{ range: `${days}d`, days, from: 'a', to: 'b', lots },
        ...{ viewsUnavailable: false, leadsUnavailable: false, watchersUnavailable: false },
      });
    routes['GET /api/marketing/lots/interest?days=30'] = () =>
      interest(30, [
        { number: 3, pageViews: 1200, mapClicks: 2, leads: 0, watchers: 0 },
        { number: 5, pageViews: 40, mapClicks: 9, leads: 2, watchers: 3 },
        { number: 12, pageViews: 90, mapClicks: 9, leads: 2, watchers: 1 },
      ]);
    routes['GET /api/marketing/lots/interest?days=365'] = () =>
      interest(365, [{ number: 21, pageViews: 7, mapClicks: 0, leads: 0, watchers: 0 }]);
    render();
    const card = (await screen.findByRole('heading', { name: 'Interest per lot' })).closest('section')!;
    const table = await within(card).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Lot 12Visits', '90', '9', '2', '1'],
      ['Lot 5Visits', '40', '9', '2', '3'],
      ['Lot 3Visits', '1,200', '2', '0', '0'],
    ]);
    expect(within(table).getByRole('link', { name: 'Lot 12' }).getAttribute('href')).toBe('/lots/12');
    // A lot's visits are a drill-down like a table's value: the page filter, and the card steps aside.
    routes['GET /api/marketing-dashboard/web-analytics?days=30&page=%2Flots%2F5'] = () =>
      json({ ...busy(30), filters: { page: '/lots/5' } });
    await user.click(within(table).getByRole('button', { name: 'Show the visits that viewed Lot 5' }));
    expect(await screen.findByText('Page is /lots/5')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Interest per lot' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove filter: Page is /lots/5' }));
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 365 days');
    await waitFor(() => expect(calls()).toContain('GET /api/marketing/lots/interest?days=365'));
    const yearCard = (await screen.findByRole('heading', { name: 'Interest per lot' })).closest('section')!;
    expect(await within(yearCard).findByRole('link', { name: 'Lot 21' })).toBeTruthy();
    expect(within(yearCard).queryByText('Lot 12')).toBeNull();
  });

  it("shows the leads per lot while analytics is away, its columns as '—' and a line saying so", async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing/lots/interest?days=30'] = () =>
      json({
        range: '30d',
        days: 30,
        from: 'a',
        to: 'b',
        lots: [{ number: 5, pageViews: 0, mapClicks: 0, leads: 2, watchers: 1 }],
        viewsUnavailable: true,
        leadsUnavailable: false,
        watchersUnavailable: false,
      });
    render();
    const card = (await screen.findByRole('heading', { name: 'Interest per lot' })).closest('section')!;
    expect(await within(card).findByText('Page views and map clicks could not be loaded right now.')).toBeTruthy();
    const rows = within(within(card).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([['Lot 5Visits', '—', '—', '2', '1']]);
  });

  it('says when no lot drew interest, and when the figures cannot be loaded', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/web-analytics?days=7'] = () => json(busy(7));
    routes['GET /api/marketing/lots/interest?days=30'] = () =>
      json({ range: '30d', days: 30, from: 'a', to: 'b', lots: [], viewsUnavailable: false, leadsUnavailable: false });
    render();
    expect(await screen.findByText('No lot drew interest in this range.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Time range'), 'Last 7 days');
    expect(await screen.findByText('Interest per lot could not be loaded.')).toBeTruthy();
  });

  it('says how a new site starts counting when there are no visits at all', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(webAnalyticsOf(30));
    render();
    expect(
      await screen.findByText('No visits yet: the tracker starts counting when the site gets visitors'),
    ).toBeTruthy();
    expect(screen.queryByText('Total visits')).toBeNull();
  });

  it('shows skeletons while loading, then an error with a retry that loads again', async () => {
    let fail = true;
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () =>
      fail
        ? json({ error: { code: 'unavailable', message: 'The service is temporarily unavailable.' } }, 503)
        : json(busy(30));
    render();
    expect(screen.getByRole('status').textContent).toContain('Loading web analytics…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load web analytics. The service is temporarily unavailable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,200')).toBeTruthy();
  });

  it('drills down: a clicked value narrows every figure, filters combine and come off one by one', async () => {
    const narrowed = (filters: WebAnalytics['filters']) => () =>
      json(
        webAnalyticsOf(30, {
          ...busy(30),
          filters,
          ...totalsOf({ totalVisits: 77, uniqueVisitors: 70, pageviews: 90 }),
        }),
      );
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/web-analytics?days=30&source=%28none%29'] = narrowed({ source: '' });
    routes['GET /api/marketing-dashboard/web-analytics?days=30&source=%28none%29&browser=Safari'] = narrowed({
      source: '',
      browser: 'Safari',
    });
    routes['GET /api/marketing-dashboard/web-analytics?days=30&browser=Safari'] = () =>
      json(webAnalyticsOf(30, { filters: { browser: 'Safari' } }));
    render();
    const sources = (await screen.findByRole('heading', { name: 'Top sources' })).closest('section')!;
    await user.click(within(sources).getByRole('button', { name: 'Direct / none' }));
    expect(await screen.findByText('77')).toBeTruthy();
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByText('Source is none')).toBeTruthy();
    // A table whose filter is in force offers no drill-down; the others still do.
    const sourcesNow = screen.getByRole('heading', { name: 'Top sources' }).closest('section')!;
    expect(within(sourcesNow).queryByRole('button', { name: 'Direct / none' })).toBeNull();
    // Leads by source and interest per lot answer for the whole site: not shown under a filter.
    expect(screen.queryByRole('heading', { name: 'Leads by source' })).toBeNull();

    const browsers = screen.getByRole('heading', { name: 'Browsers' }).closest('section')!;
    await user.click(within(browsers).getByRole('button', { name: 'Safari' }));
    await waitFor(() =>
      expect(calls()).toContain('GET /api/marketing-dashboard/web-analytics?days=30&source=%28none%29&browser=Safari'),
    );
    expect(await screen.findByText('Browser is Safari')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove filter: Source is none' }));
    expect(await screen.findByText('No visits match these filters in this range.')).toBeTruthy();
    expect(screen.queryByText('Source is none')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows where visitors are: countries by name, regions and cities by label, each a drill-down, with the database credited', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/geo-database'] = () =>
      json({
        enabled: true,
        name: 'DB-IP Lite City',
        builtAt: '2026-06-01T00:00:00.000Z',
        attribution: { text: 'IP Geolocation by DB-IP', href: 'https://db-ip.com' },
      });
    routes['GET /api/marketing-dashboard/web-analytics?days=30&country=US'] = () =>
      json(webAnalyticsOf(30, { ...busy(30), filters: { country: 'US' }, ...totalsOf({ totalVisits: 900 }) }));
    render();
    const countries = (await screen.findByRole('heading', { name: 'Countries' })).closest('section')!;
    expect(within(countries).getByText('Unknown')).toBeTruthy();
    const regions = screen.getByRole('heading', { name: 'Regions' }).closest('section')!;
    expect(within(within(regions).getByText('Arizona, US').closest('tr')!).getByText('500')).toBeTruthy();
    const cities = screen.getByRole('heading', { name: 'Cities' }).closest('section')!;
    expect(within(cities).getByRole('button', { name: 'Page, Arizona, US' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'IP Geolocation by DB-IP' })).getAttribute('href')).toBe(
      'https://db-ip.com',
    );

    await user.click(within(countries).getByRole('button', { name: 'United States' }));
    expect(await screen.findByText('Country is United States')).toBeTruthy();
    expect(calls()).toContain('GET /api/marketing-dashboard/web-analytics?days=30&country=US');
  });

  it("credits no database when the operator's own needs no attribution", async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes['GET /api/marketing-dashboard/geo-database'] = () =>
      json({ enabled: true, name: 'GeoIP2-City', builtAt: '2026-06-01T00:00:00.000Z', attribution: null });
    render();
    expect(await screen.findByRole('heading', { name: 'Countries' })).toBeTruthy();
    await waitFor(() => expect(calls()).toContain('GET /api/marketing-dashboard/geo-database'));
    expect(screen.queryByText(/Locations:/)).toBeNull();
  });

  it('opens on the view its address names, and a range change keeps the filters', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=90&page=%2Flots%2F*'] = () =>
      json(webAnalyticsOf(90, { ...busy(90), filters: { page: '/lots/*' } }));
    routes['GET /api/marketing-dashboard/web-analytics?days=7&page=%2Flots%2F*'] = () =>
      json(webAnalyticsOf(7, { ...busy(7), filters: { page: '/lots/*' } }));
    renderScreen(<AnalyticsPage emailTab={null} />, '/?days=90&page=/lots/*');
    expect(await screen.findByText('Page is /lots/*')).toBeTruthy();
    expect(await screen.findByText('1,200')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Time range'), '7');
    await waitFor(() =>
      expect(calls()).toContain('GET /api/marketing-dashboard/web-analytics?days=7&page=%2Flots%2F*'),
    );
    expect(screen.getByText('Page is /lots/*')).toBeTruthy();
  });

  it('downloads a table as shown, as CSV named for its range and filters', async () => {
    routes['GET /api/marketing-dashboard/web-analytics?days=30&source=%28none%29'] = () =>
      json({ ...busy(30), filters: { source: '' } });
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blob! });
    });
    renderScreen(<AnalyticsPage emailTab={null} />, '/?source=(none)');
    await user.click(await screen.findByRole('button', { name: 'Download Operating systems as CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download Top pages as CSV' }));
    expect(saved.map((f) => f.name)).toEqual([
      'operating-systems_2026-10-26_to_2026-11-24_source-none.csv',
      'top-pages_2026-10-26_to_2026-11-24_source-none.csv',
    ]);
    expect(await saved[0]!.blob.text()).toBe(
      'Operating system,Visits,Bounce rate (%)\r\niOS,650,43.0\r\nUnknown,20,90.0\r\n',
    );
    expect(await saved[1]!.blob.text()).toBe('Page,Page views\r\n/lot-map,800\r\n');
  });

  it('shows custom days picked in the range form, refuses days out of order or after today, and compares with last year', async () => {
    const october = (compare: 'previous' | 'year') =>
      webAnalyticsOf(30, {
        ...busy(30),
        custom: true,
        days: 31,
        from: '2026-10-01',
        to: '2026-10-31',
        comparison:
          compare === 'previous'
            ? { compare, from: '2026-08-31', to: '2026-09-30', days: 31, series: [] }
            : { compare, from: '2025-10-01', to: '2025-10-31', days: 31, series: [] },
      });
    const OCTOBER = 'from=2026-10-01&to=2026-10-31';
    routes['GET /api/marketing-dashboard/web-analytics?days=30'] = () => json(busy(30));
    routes[`GET /api/marketing-dashboard/web-analytics?${OCTOBER}`] = () => json(october('previous'));
    routes[`GET /api/marketing-dashboard/web-analytics?${OCTOBER}&compare=year`] = () => json(october('year'));
    routes['GET /api/marketing-dashboard/web-analytics?days=30&compare=year'] = () => json(busy(30));
    routes[`GET /api/marketing-dashboard/leads-by-source?${OCTOBER}`] = () =>
      json({
        from: '2026-10-01',
        to: '2026-10-31',
        days: 31,
        sources: [],
        campaigns: [],
        emailCampaigns: [],
        unattributed: 0,
      });
    render();
    expect(await screen.findByText('1,200')).toBeTruthy();
    // Custom range, then the range on screen again: the form goes, nothing new is asked.
    await user.selectOptions(screen.getByLabelText('Time range'), 'custom');
    await user.selectOptions(screen.getByLabelText('Time range'), '30');
    expect(screen.queryByRole('form', { name: 'Custom range' })).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Time range').value).toBe('30');
    await user.selectOptions(screen.getByLabelText('Time range'), 'custom');
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText<HTMLInputElement>('From');
    const to = within(form).getByLabelText<HTMLInputElement>('To');
    // It starts from the days on screen, which stay until a range is applied.
    expect([from.value, to.value]).toEqual(['2026-10-26', '2026-11-24']);
    const apply = async (first: string, last: string) => {
      fireEvent.change(from, { target: { value: first } });
      fireEvent.change(to, { target: { value: last } });
      await user.click(within(form).getByRole('button', { name: 'Apply' }));
    };
    await apply('2026-10-31', '2026-10-01');
    expect(within(form).getByRole('alert').textContent).toBe('The last day must be on or after the first.');
    await apply('2026-10-01', '2099-01-01');
    expect(within(form).getByRole('alert').textContent).toMatch(/^The last day can be today \(.+\) at the latest\.$/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(calls().filter((c) => c.includes('from='))).toEqual([]);

    await apply('2026-10-01', '2026-10-31');
    expect(await screen.findByRole('heading', { name: 'Visits per day, Oct 1, 2026 – Oct 31, 2026' })).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(/vs previous 31 days/)).toHaveLength(4);
    expect(screen.getByText('Compared with Aug 31, 2026 – Sep 30, 2026.')).toBeTruthy();
    // Leads follow the days; interest per lot is counted for the preset ranges only, and says so.
    await waitFor(() => expect(calls()).toContain(`GET /api/marketing-dashboard/leads-by-source?${OCTOBER}`));
    expect(screen.getByText(/Interest per lot is counted for the last 7, 30, 90 or 365 days/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Compare with'), 'year');
    expect(await screen.findByText('Compared with Oct 1, 2025 – Oct 31, 2025.')).toBeTruthy();
    expect(screen.getAllByText(/vs same days last year/)).toHaveLength(4);
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('Visits, same days last year')).toBeTruthy();

    // Back to a preset range: the comparison stays.
    await user.selectOptions(screen.getByLabelText('Time range'), '30');
    await waitFor(() => expect(calls()).toContain('GET /api/marketing-dashboard/web-analytics?days=30&compare=year'));
    expect(screen.queryByRole('form', { name: 'Custom range' })).toBeNull();
  });

  it("says why a shared link's days were refused: they end after today", async () => {
    routes['GET /api/marketing-dashboard/web-analytics?from=2026-11-20&to=2026-12-05'] = () =>
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields need attention',
            details: { fields: { to: ['The last day can be today (2026-11-28) at the latest'] } },
          },
        },
        400,
      );
    renderScreen(<AnalyticsPage emailTab={null} />, '/?from=2026-11-20&to=2026-12-05');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Failed to load web analytics. The last day can be today (2026-11-28) at the latest',
    );
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-12-05');
  });
});
