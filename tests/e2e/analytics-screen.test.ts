/**
 * The Analytics screen in Chromium against the real platform (embedded): a new site's empty
 * state, then visits from the pixels shown after a refresh, a range change (a new request
 * with days=7), the chart type switch between line and bar, interest per lot in the range,
 * drill-down (a clicked source and page narrow the URL and every table, survive a reload and go
 * back with the browser), custom days compared with the days before and a year earlier, goals
 * added on the screen and a funnel of them, and the dashboard home's live visitors following a visitor who arrives while it is open.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { CHROME_UA, IPHONE_UA } from '../support/samples.ts';
import { screenshotInto } from '../support/screenshots.ts';

// Behind a trusted proxy: a test may say where a visitor is with X-Forwarded-For.
const { stack, browser } = useStackAndBrowser({ backend: 'embedded', env: { TRUST_PROXY: 'true' } });

async function signedIn(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${stack.baseUrl}${path}`);
  await page.getByLabel('Username').fill(stack.admin.username);
  await page.getByLabel('Password').fill(stack.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  return page;
}

describe('Analytics screen', () => {
  it('loads the chart library with the Analytics screen only: sign-in and the other screens come without it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Each script's text, read as it arrives: does it hold the chart library (recharts)?
    const scripts: Promise<boolean>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.text().then(
            (t) => t.includes('recharts-wrapper'),
            () => false,
          ),
        );
    });
    await page.goto(`${stack.baseUrl}/marketing/contacts`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await page.getByText('No contacts found').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(await Promise.all(scripts)).not.toContain(true);

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await expect.poll(async () => (await Promise.all(scripts)).includes(true)).toBe(true);
    await page.close();
  });

  it('shows the empty state, then the visits after a refresh, per range and chart type', async () => {
    const page = await signedIn('/marketing/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('No visits yet: the tracker starts counting when the site gets visitors').waitFor();

    for (const [sid, p] of [
      ['e2e-a', '/'],
      ['e2e-a', '/lot-map'],
      ['e2e-b', '/market'],
    ] as const) {
      const params = new URLSearchParams({
        p,
        sid,
        dt: 'desktop',
        br: 'Chrome',
        utm_source: 'newsletter',
        utm_campaign: 'spring-lots',
      });
      await fetch(`${stack.baseUrl}/api/analytics/pixel?${params}`, { headers: { 'user-agent': CHROME_UA } });
    }
    const token = await stack.login();
    await expect
      .poll(async () => {
        const res = await stack.api('/api/marketing-dashboard/web-analytics?days=30', { token });
        return ((await res.json()) as { totalVisits: number }).totalVisits;
      })
      .toBe(2);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('group', { name: 'Total visits' }).getByText('2', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Visits per day, last 30 days' }).waitFor();
    await page.getByRole('cell', { name: 'spring-lots' }).waitFor();
    expect(await page.getByRole('img', { name: /Line chart of visits/ }).count()).toBe(1);

    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await page.getByLabel('Time range').selectOption({ label: 'Last 7 days' });
    await page.getByRole('heading', { name: 'Visits per day, last 7 days' }).waitFor();
    expect(asked.some((u) => u.endsWith('/api/marketing-dashboard/web-analytics?days=7'))).toBe(true);

    await page.getByLabel('Chart type').selectOption('bar');
    const bar = page.getByRole('img', { name: /Bar chart of visits/ });
    await bar.waitFor();
    await expect.poll(() => bar.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await page.getByRole('img', { name: /Line chart/ }).count()).toBe(0);
    await page.close();
  });

  it('lists interest per lot for the range: page views of its page and clicks on it in the map', async () => {
    for (const p of ['/lots/12', '/lots/12', '/lots/4'])
      await fetch(`${stack.baseUrl}/api/analytics/pixel?p=${p}&sid=e2e-lots&dt=desktop&br=Chrome`, {
        headers: { 'user-agent': CHROME_UA },
      });
    await fetch(`${stack.baseUrl}/api/analytics/event-pixel?n=lot_click&c=lot-map&lbl=4&p=/map&sid=e2e-lots`, {
      headers: { 'user-agent': CHROME_UA },
    });
    const token = await stack.login();
    await expect
      .poll(async () => {
        const res = await stack.api('/api/marketing/lots/interest?days=90', { token });
        return ((await res.json()) as { lots: unknown[] }).lots.length;
      })
      .toBe(2);
    const page = await signedIn('/marketing/analytics');
    await page.getByLabel('Time range').selectOption({ label: 'Last 90 days' });
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Interest per lot' }) });
    // The 30-day table shows until the 90-day answer replaces it: wait for the one its caption names.
    const table = card.getByRole('table', { name: /last 90 days/ });
    // Lot 4 has a map click, so it ranks above lot 12's two page views.
    await expect
      .poll(() => table.getByRole('rowheader').getByRole('link').allTextContents(), { timeout: 20_000 })
      .toEqual(['Lot 4', 'Lot 12']);
    await expect
      .poll(
        () =>
          table
            .getByRole('row', { name: /Lot 12/ })
            .getByRole('cell')
            .allTextContents(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(['2', '0', '0', '0']);
    await page.close();
  });

  it('drills down: a clicked source, then a page, narrow the URL and every table, and come off again', async () => {
    const google = 'https://www.google.com/search?q=lake+powell';
    for (const [sid, path, ref, ua] of [
      ['e2e-g1', '/lots/9', google, CHROME_UA],
      ['e2e-g1', '/contact', '', CHROME_UA],
      ['e2e-g2', '/blog', google, IPHONE_UA],
    ] as const) {
      const params = new URLSearchParams({ p: path, sid, ...(ref ? { ref } : {}) });
      await fetch(`${stack.baseUrl}/api/analytics/pixel?${params}`, { headers: { 'user-agent': ua } });
    }
    const token = await stack.login();
    await expect
      .poll(
        async () => {
          const res = await stack.api('/api/marketing-dashboard/web-analytics?days=30&source=google.com', { token });
          return ((await res.json()) as { totalVisits: number }).totalVisits;
        },
        { timeout: 20_000 },
      )
      .toBe(2);

    const page = await signedIn('/marketing/analytics');
    const card = (name: string) => page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const names = (name: string) => card(name).getByRole('table').locator('tbody tr td:first-child').allTextContents();
    const visits = page.getByRole('group', { name: 'Total visits' });

    await card('Top sources').getByRole('button', { name: 'google.com' }).click();
    await page.getByRole('region', { name: 'Filters' }).getByText('Source is google.com').waitFor();
    expect(new URL(page.url()).searchParams.get('source')).toBe('google.com');
    await visits.getByText('2', { exact: true }).waitFor();
    await expect.poll(() => names('Top pages')).toEqual(['/blog', '/contact', '/lots/9']);
    expect(await names('Top sources')).toEqual(['google.com']);
    // The table of the filter in force offers no drill-down; the others do.
    expect(await card('Top sources').getByRole('button', { name: 'google.com' }).count()).toBe(0);
    expect((await names('Devices')).sort()).toEqual(['desktop', 'mobile']);

    await card('Top pages').getByRole('button', { name: '/lots/9' }).click();
    await page.getByText('Page is /lots/9').waitFor();
    await visits.getByText('1', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('/lots/9');
    expect(await names('Devices')).toEqual(['desktop']);
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-drill-down-w1280');
    // A table downloads as shown, named for its range and filters.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Devices as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^devices_\d{4}-\d\d-\d\d_to_\d{4}-\d\d-\d\d_page-lots-9_source-google-com\.csv$/,
    );
    expect(await readFile((await download.path())!, 'utf8')).toBe('Device,Visits,Bounce rate (%)\r\ndesktop,1,0.0\r\n');

    // A bookmarked or shared address opens on the same view.
    await page.reload();
    await page.getByText('Page is /lots/9').waitFor();
    await page.getByText('Source is google.com').waitFor();
    await visits.getByText('1', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove filter: Source is google.com' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('source')).toBeNull();
    expect(await page.getByText('Page is /lots/9').count()).toBe(1);
    await expect.poll(() => names('Top pages')).toEqual(['/lots/9']);
    // The browser's Back returns to the view before.
    await page.goBack();
    await page.getByText('Source is google.com').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('region', { name: 'Filters' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-drill-down-w375');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Filters' }).count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('shows custom days against the days before and the same days last year, kept in the URL, at 1440 and 375 px', async () => {
    await fetch(`${stack.baseUrl}/api/analytics/pixel?p=/lots/21&sid=e2e-custom`, {
      headers: { 'user-agent': CHROME_UA },
    });
    const token = await stack.login();
    type Week = { from: string; to: string; totalVisits: number; top: { pages: { value: string }[] } };
    let week: Week | undefined;
    await expect
      .poll(
        async () => {
          week = (await (await stack.api('/api/marketing-dashboard/web-analytics?days=7', { token })).json()) as Week;
          return week.top.pages.some((p) => p.value === '/lots/21');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const { from, to, totalVisits } = week!;

    const page = await signedIn('/marketing/analytics');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('heading', { name: 'Visits per day, last 30 days' }).waitFor();
    await page.getByLabel('Time range').selectOption({ label: 'Custom range' });
    const form = page.getByRole('form', { name: 'Custom range' });
    // Out of order: said beside the fields, nothing asked.
    await form.getByLabel('From').fill(to);
    await form.getByLabel('To').fill(from);
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.getByRole('alert').getByText('The last day must be on or after the first.').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();

    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(to);
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('heading', { name: /^Visits per day, \w{3} \d+, \d{4} – \w{3} \d+, \d{4}$/ }).waitFor();
    const url = () => Object.fromEntries(new URL(page.url()).searchParams);
    expect(url()).toEqual({ from, to });
    const visits = page.getByRole('group', { name: 'Total visits' });
    await visits.getByText(String(totalVisits), { exact: true }).waitFor();
    // The visits are all today: the week before had none, and the cards say so.
    await page.getByText('No earlier visits to compare').first().waitFor();
    const compared = page.getByText(/^Compared with /);
    const lastYear = String(Number(from.slice(0, 4)) - 1);
    expect(await compared.textContent()).not.toContain(lastYear);

    await page.getByLabel('Compare with').selectOption({ label: 'Same period last year' });
    await expect.poll(() => compared.textContent(), { timeout: 20_000 }).toContain(lastYear);
    expect(url()).toEqual({ from, to, compare: 'year' });
    await page.getByRole('list', { name: 'Legend' }).getByText('Visits, same days last year').waitFor();
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-custom-range-w1440');

    // Reloaded (or opened from a shared link): the same view, the form holding its days.
    await page.reload();
    await page.getByRole('list', { name: 'Legend' }).getByText('Visits, same days last year').waitFor();
    expect(await page.getByRole('form', { name: 'Custom range' }).getByLabel('From').inputValue()).toBe(from);
    expect(await page.getByLabel('Time range').inputValue()).toBe('custom');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('form', { name: 'Custom range' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-custom-range-w375');

    await page.getByLabel('Time range').selectOption({ label: 'Last 7 days' });
    await page.getByRole('heading', { name: 'Visits per day, last 7 days' }).waitFor();
    expect(url()).toEqual({ days: '7', compare: 'year' });
    await page.close();
  });

  it('adds two goals, counts their conversions and follows a funnel from one to the other', async () => {
    const hit = (path: string, params: Record<string, string>) =>
      fetch(`${stack.baseUrl}${path}?${new URLSearchParams(params)}`, { headers: { 'user-agent': CHROME_UA } });
    // Two visitors see a lot page; one of them then sends the form.
    await hit('/api/analytics/pixel', { p: '/lots/f1', sid: 'e2e-funnel-1' });
    await hit('/api/analytics/pixel', { p: '/lots/f2', sid: 'e2e-funnel-2' });
    await hit('/api/analytics/event-pixel', { n: 'e2e_form', c: 'submission', p: '/contact', sid: 'e2e-funnel-1' });

    const page = await signedIn('/marketing/analytics');
    const goals = page.locator('section', { has: page.getByRole('heading', { name: 'Goals', exact: true }) });
    const addGoal = async (name: string, kind: 'page' | 'event', value: string) => {
      await goals.getByRole('button', { name: 'Add goal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Goal' });
      await dialog.getByLabel(/Goal name/).fill(name);
      await dialog.getByLabel('Counts').selectOption(kind);
      await dialog.getByLabel(kind === 'page' ? /^Page/ : /^Event name/).fill(value);
      await dialog.getByRole('button', { name: 'Add Goal' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await addGoal('Saw a funnel lot', 'page', '/lots/f*');
    await addGoal('Sent the e2e form', 'event', 'e2e_form');
    // The conversions as the pixels arrive: a refresh picks up what came in since.
    const cells = (name: string) =>
      goals
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('cell')
        .allTextContents();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return [(await cells('Saw a funnel lot'))[0], (await cells('Sent the e2e form'))[0]];
        },
        { timeout: 20_000 },
      )
      .toEqual(['2', '1']);

    const steps = page.getByRole('form', { name: 'Funnel steps' });
    await steps.getByLabel('Step 1').selectOption({ label: 'Saw a funnel lot' });
    await steps.getByLabel('Step 2').selectOption({ label: 'Sent the e2e form' });
    await steps.getByRole('button', { name: 'Show funnel' }).click();
    const funnel = page.getByRole('list', { name: 'Funnel' });
    await funnel.waitFor();
    expect(new URL(page.url()).searchParams.get('funnel')).toMatch(/^\d+,\d+$/);
    await expect
      .poll(() => funnel.getByRole('listitem').allTextContents(), { timeout: 20_000 })
      .toEqual([
        '1. Saw a funnel lot Page /lots/f*2 visitors · 100.0%',
        '2. Sent the e2e form Event e2e_form1 visitor · 50.0% · 1 dropped off',
      ]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await funnel.scrollIntoViewIfNeeded();
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-goals-funnel-w1440');

    // Reloaded: the same funnel from the address.
    await page.reload();
    await page.getByRole('list', { name: 'Funnel' }).getByText('1 dropped off').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('list', { name: 'Funnel' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-goals-funnel-w375');
    await page.close();
  });

  it("counts a visitor's outbound link, download and missing page, tracked without page code", async () => {
    // A visitor's browser (headless Chromium's own user agent is dropped as a bot).
    const context = await browser.newContext({ userAgent: CHROME_UA });
    const visitor = await context.newPage();
    await visitor.route('https://www.nps.gov/**', (r) => r.fulfill({ status: 200, body: 'Glen Canyon' }));
    await visitor.goto(`${stack.baseUrl}/market`);
    await visitor.locator('html[data-ready="true"]').waitFor();
    // Links as an article's content would hold them: to another site, to a file, to a page that is gone.
    const follow = async (href: string) => {
      await visitor.evaluate((h) => {
        const a = document.createElement('a');
        a.href = h;
        a.textContent = h;
        a.id = 'e2e-link';
        document.querySelector('main')!.prepend(a);
      }, href);
      await visitor.locator('#e2e-link').click();
    };
    // Each event's request is waited for: closing the browser could cancel one still on its way.
    const sent = (name: string) =>
      visitor.waitForRequest((r) => r.url().includes('/api/analytics/event-pixel') && r.url().includes(`n=${name}`));
    const outbound = sent('outbound_click');
    await follow('https://www.nps.gov/glca/index.htm?utm=x');
    await outbound;
    await visitor.waitForURL('https://www.nps.gov/**');
    await visitor.goto(`${stack.baseUrl}/market`);
    await visitor.locator('html[data-ready="true"]').waitFor();
    const notFound = visitor.waitForResponse(
      (r) => r.url().includes('/api/analytics/event-pixel') && r.url().includes('n=not_found'),
    );
    await follow('/no-such-lot-page');
    await visitor.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await notFound;
    await context.close();

    const token = await stack.login();
    await expect
      .poll(
        async () => {
          const res = await stack.api('/api/marketing-dashboard/site-events?days=30', { token });
          const body = (await res.json()) as { outboundLinks: unknown[]; notFound: unknown[] };
          return [body.outboundLinks.length, body.notFound.length];
        },
        { timeout: 20_000 },
      )
      .toEqual([1, 1]);
    const page = await signedIn('/marketing/analytics');
    const card = (name: string) => page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    await card('Outbound links').getByRole('link', { name: 'https://www.nps.gov/glca/index.htm' }).waitFor();
    const missing = card('Pages not found');
    await missing.getByText('/no-such-lot-page').waitFor();
    await missing.getByText(`Linked from ${stack.baseUrl}/market`).waitFor();
    await card('File downloads').getByText('No file was downloaded in this range.').waitFor();
    await page.close();
  });

  it('follows who is on the site on the dashboard home, without a reload, at 1280 and 375 px', async () => {
    const page = await signedIn('/marketing');
    const card = page.getByRole('region', { name: 'On the site now' });
    await card.getByText(/in the last 5 minutes/).waitFor();
    // A visitor arrives on a lot page while the home is open.
    const path = `/lots/live-${Date.now()}`;
    await fetch(`${stack.baseUrl}/api/analytics/pixel?p=${encodeURIComponent(path)}&sid=e2e-live`, {
      headers: { 'user-agent': CHROME_UA },
    });
    await card.getByRole('link', { name: path }).waitFor({ timeout: 20_000 });
    expect(await card.getByRole('row', { name: new RegExp(path) }).textContent()).toBe(`${path}1`);
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'live-visitors-w1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'live-visitors-w375');
    await page.close();
  });

  it('shows where visitors are by country, region and city, and narrows to a country', async () => {
    // Two visitors behind the trusted proxy, placed by the GeoLite2 test database.
    for (const [sid, ip] of [
      ['e2e-milton', '216.160.83.56'],
      ['e2e-boxford', '2.125.160.216'],
    ] as const) {
      await fetch(`${stack.baseUrl}/api/analytics/pixel?p=%2Flots%2F3&sid=${sid}`, {
        headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': ip },
      });
    }
    const token = await stack.login();
    await expect
      .poll(
        async () => {
          const res = await stack.api('/api/marketing-dashboard/web-analytics?days=30&country=US', { token });
          return ((await res.json()) as { totalVisits: number }).totalVisits;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const page = await signedIn('/marketing/analytics');
    const card = (name: string) => page.locator('section', { has: page.getByRole('heading', { name, exact: true }) });
    const names = (name: string) => card(name).getByRole('table').locator('tbody tr td:first-child').allTextContents();
    await card('Countries').getByRole('button', { name: 'United States' }).waitFor({ timeout: 20_000 });
    expect((await names('Regions')).sort()).toEqual(['England, GB', 'Washington, US']);
    expect((await names('Cities')).sort()).toEqual(['Boxford, England, GB', 'Milton, Washington, US']);
    await card('Countries').scrollIntoViewIfNeeded();
    await screenshotInto(process.env.E2E_SCREENSHOTS, page, 'analytics-locations-w1280');

    await card('Countries').getByRole('button', { name: 'United States' }).click();
    await page.getByRole('region', { name: 'Filters' }).getByText('Country is United States').waitFor();
    expect(new URL(page.url()).searchParams.get('country')).toBe('US');
    await expect.poll(() => names('Cities')).toEqual(['Milton, Washington, US']);
    await page.close();
  });
});
