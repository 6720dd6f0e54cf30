/**
 * Numbers that add up, on both backends: a hit for a dashboard page or from a browser holding
 * a staff session is dropped and counted, never a visit; Leads by source counts converting
 * visits over visits (three forms sent in one direct visit are 100%, not 300%) and shows leads
 * without a tracked visit as unattributed; days are calendar days in the site's time zone (a
 * hit at 03:00Z counts on the evening before in Phoenix).
 */
import { expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  SUBJECTS,
  eventMeta,
  type LeadsBySource,
  type PageviewsRecorded,
  type WebAnalytics,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';
import { CHROME_UA, pageviewHit } from '../support/samples.ts';

describeOnEachBackend('analytics numbers that add up', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const pixel = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${stack.baseUrl}/api/analytics/pixel?${new URLSearchParams(params)}`, {
      headers: { 'user-agent': CHROME_UA, ...headers },
    });
  const webAnalytics = async (days = 30) =>
    (await (await stack.api(`/api/marketing-dashboard/web-analytics?days=${days}`, { token })).json()) as WebAnalytics;
  const dropped = (reason: string) => stack.platform.counters.get('gateway_hits_dropped_total', { reason });
  const lead = (email: string, sessionId?: string) =>
    stack.api('/api/contact', {
      body: {
        firstName: 'Lee',
        lastName: 'Tsosie',
        phone: '(928) 555-0101',
        email,
        interest: 'Available Lots',
        message: `Question from ${email}`,
        source: 'home',
        page: '/contact',
        website: '',
        elapsedMs: 4000,
        ...(sessionId ? { sessionId } : {}),
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });

  it('drops a hit for a dashboard page, or carrying the staff session cookie, and counts it', async () => {
    const before = { page: dropped('staff_page'), session: dropped('staff_session') };
    for (const p of ['/marketing', '/marketing/analytics', '/MARKETING/contacts']) {
      const res = await pixel({ p, sid: crypto.randomUUID() });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('x-pixel-dropped')).toBe('staff_page');
    }
    const signedIn = await pixel({ p: '/lots', sid: crypto.randomUUID() }, { cookie: `${SESSION_COOKIE}=${token}` });
    expect(signedIn.headers.get('x-pixel-dropped')).toBe('staff_session');
    expect(dropped('staff_page') - before.page).toBe(3);
    expect(dropped('staff_session') - before.session).toBe(1);

    // A visitor's hit sent after them is stored, and none of the staff ones is.
    const visitor = await pixel({ p: '/lot-map', sid: crypto.randomUUID() });
    expect(visitor.headers.get('x-pixel-dropped')).toBeNull();
    const r = await eventually(
      async () => {
        const now = await webAnalytics();
        return now.totalVisits >= 1 ? now : undefined;
      },
      15_000,
      'the visitor counted',
    );
    expect(r.totalVisits).toBe(1);
    expect(r.top.pages.map((p) => p.value)).toEqual(['/lot-map']);
  });

  it('counts converting visits over visits (never above 100%) and leads without a visit as unattributed', async () => {
    const direct = crypto.randomUUID();
    expect((await pixel({ p: '/contact', sid: direct })).headers.get('x-pixel-dropped')).toBeNull();
    await eventually(
      async () => ((await webAnalytics()).top.pages.some((p) => p.value === '/contact') ? true : undefined),
      15_000,
      'the direct visit stored',
    );
    // Three forms from the one direct visit, one from a session the tracker never saw, one without a session.
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      expect((await lead(email, direct)).status).toBe(201);
    expect((await lead('blocked@example.com', crypto.randomUUID())).status).toBe(201);
    expect((await lead('no-tracker@example.com')).status).toBe(201);

    const leads = await eventually(
      async () => {
        const res = await stack.api('/api/marketing-dashboard/leads-by-source?days=30', { token });
        expect(res.status).toBe(200);
        const body = (await res.json()) as LeadsBySource;
        const n = body.sources.reduce((sum, r) => sum + r.leads, 0) + body.unattributed;
        return n === 5 ? body : undefined;
      },
      15_000,
      'five leads in Leads by source',
    );
    // The first test's visitor is a direct visit too: 2 direct visits, 1 of them converting.
    expect(leads.sources).toEqual([{ value: '', leads: 3, visits: 2, convertingVisits: 1, conversionRate: 50 }]);
    expect(leads.unattributed).toBe(2);
    for (const row of [...leads.sources, ...leads.campaigns, ...leads.emailCampaigns])
      expect(row.conversionRate).toBeLessThanOrEqual(100);
  });

  it("buckets a hit's day in the site's time zone: 03:00Z counts on the evening before in Phoenix", async () => {
    // Three days ago (UTC) at 03:00Z: in the range, apart from the other tests' hits, and in
    // Phoenix (UTC−7) the day before it.
    const utcDay = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const at = `${utcDay}T03:00:00.000Z`;
    const phoenixDay = new Date(Date.parse(at) - 7 * 3_600_000).toISOString().slice(0, 10);
    const hit = pageviewHit({ at, path: '/market', sessionId: crypto.randomUUID() });
    const batch: PageviewsRecorded = { ...eventMeta(), hits: [hit] };
    // What the gateway's write buffer publishes, with a receive time the test chooses.
    await stack.platform.bus.publish(SUBJECTS.pageviewsRecorded, batch, { msgId: batch.id });
    const r = await eventually(
      async () => {
        const now = await webAnalytics(7);
        return now.pageviews >= 1 && now.top.pages.some((p) => p.value === '/market') ? now : undefined;
      },
      15_000,
      'the hit stored',
    );
    expect(r.series.find((d) => d.day === phoenixDay)).toMatchObject({ visits: 1, pageviews: 1 });
    expect(r.series.find((d) => d.day === utcDay)?.pageviews ?? 0).toBe(0);
  });
});
