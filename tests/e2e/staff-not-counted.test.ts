/**
 * Staff are never website visitors, in Chromium (with an ordinary desktop Chrome user agent, so
 * the bot filter is not what keeps them out) on both backends: a visitor's visit is counted;
 * a staff member then signs in, browses the dashboard and opens a public page while signed in;
 * the visit count is unchanged, no hit of theirs was accepted, and no /marketing page is in Top
 * pages. The dashboard names the time zone its times are in.
 */
import { expect, it } from 'vitest';
import type { WebAnalytics } from '@lp/contracts';
import { openDashboardScreen } from '../support/browser.ts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndBrowser } from '../support/fixtures.ts';
import { CHROME_UA } from '../support/samples.ts';

describeOnEachBackend('staff are not counted as visitors', (backend) => {
  let token: string;
  const { stack, browser } = useStackAndBrowser({
    backend,
    setup: async () => {
      token = await stack.login();
    },
  });

  const webAnalytics = async () =>
    (await (await stack.api('/api/marketing-dashboard/web-analytics?days=7', { token })).json()) as WebAnalytics;
  const visitsReach = (n: number) =>
    eventually(
      async () => {
        const r = await webAnalytics();
        return r.totalVisits >= n ? r : undefined;
      },
      15_000,
      `${n} visit(s) counted`,
    );
  const acceptedPageviews = () => stack.platform.counters.get('gateway_hits_accepted_total', { kind: 'pageview' });

  it('leaves the visits unchanged while staff sign in, browse the dashboard and open a public page', async () => {
    const visitor = await browser.newContext({ userAgent: CHROME_UA });
    const home = await visitor.newPage();
    await home.goto(`${stack.baseUrl}/`);
    expect((await visitsReach(1)).totalVisits).toBe(1);
    await visitor.close();
    const acceptedBefore = acceptedPageviews();

    const staff = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 900 } });
    const page = await staff.newPage();
    await page.goto(`${stack.baseUrl}/marketing`);
    await page.getByLabel('Username').fill(stack.admin.username);
    await page.getByLabel('Password').fill(stack.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByText('Times in Phoenix time (MST)').waitFor();
    await openDashboardScreen(page, 'Contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
    await openDashboardScreen(page, 'Analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page.getByText('Visits per day, last 30 days').waitFor();
    await openDashboardScreen(page, 'Form Submissions');
    // A public page in the same browser while signed in: still staff.
    await page.goto(`${stack.baseUrl}/lots`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${stack.baseUrl}/marketing/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await staff.close();

    // A later visitor's hit is counted: everything the staff browser sent was answered before it.
    const sentinel = await fetch(
      `${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams({ p: '/contact', sid: crypto.randomUUID() })}`,
      { headers: { 'user-agent': CHROME_UA } },
    );
    expect(sentinel.headers.get('x-pixel-dropped')).toBeNull();
    const after = await visitsReach(2);
    expect(acceptedPageviews() - acceptedBefore).toBe(1);
    expect(after.totalVisits).toBe(2);
    expect(after.top.pages.map((p) => p.value).sort()).toEqual(['/', '/contact']);
    expect(after.top.pages.some((p) => p.value.toLowerCase().startsWith('/marketing'))).toBe(false);
  });
});
