/**
 * Web analytics end to end, on both backends: pixel hits → gateway → bus → analytics consumers
 * (raw hits, visits and roll-ups in one transaction) → Postgres → the staff API's numbers; a
 * form submission attributed to its visitor's first-touch UTM campaign; the range check; a
 * refresh that re-aggregates to the same numbers; the visitors on the site now and their pages.
 */
import { expect, it } from 'vitest';
import type {
  Funnel,
  GoalReport,
  LeadAttribution,
  LeadsBySource,
  LiveVisitors,
  SiteEvents,
  WebAnalytics,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';
import { CHROME_UA, IPHONE_UA, SAMPLE_SUBMISSION } from '../support/samples.ts';

describeOnEachBackend('web analytics end to end', (backend) => {
  let token: string;
  const stack = useStack({ backend, setup: async (s) => (token = await s.login()) });

  const pixel = async (
    path: string,
    params: Record<string, string>,
    userAgent = CHROME_UA,
    clientHints: Record<string, string> = {},
  ) => {
    const res = await fetch(`${stack.baseUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { 'user-agent': userAgent, ...clientHints },
    });
    expect(res.headers.get('x-pixel-dropped')).toBeNull();
    return res;
  };
  const webAnalytics = async (days = 30, filters = '') => {
    const res = await stack.api(`/api/marketing-dashboard/web-analytics?days=${days}${filters}`, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as WebAnalytics;
  };

  it('answers the figures of a new site, refuses other ranges with the allowed values, and only to staff', async () => {
    const empty = await webAnalytics();
    expect(empty).toMatchObject({ days: 30, totalVisits: 0, uniqueVisitors: 0, bounceRate: 0, averageTimeOnSite: 0 });
    expect(empty.series).toHaveLength(30);
    const defaulted = await stack.api('/api/marketing-dashboard/web-analytics', { token });
    expect(((await defaulted.json()) as WebAnalytics).days).toBe(30);
    const bad = await stack.api('/api/marketing-dashboard/web-analytics?days=14', { token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('7, 30, 90, 365');
    expect((await stack.api('/api/marketing-dashboard/web-analytics?days=30')).status).toBe(401);
    // Filters: each at most once, of a bounded length, and only known ones.
    for (const query of ['source=a&source=b', 'colour=blue', `page=/${'x'.repeat(500)}`]) {
      const refused = await stack.api(`/api/marketing-dashboard/web-analytics?${query}`, { token });
      expect([query, refused.status]).toEqual([query, 400]);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    expect((await webAnalytics(30, '&source=google.com')).filters).toEqual({ source: 'google.com' });
    expect((await stack.api('/api/marketing-dashboard/refresh-analytics', { method: 'POST' })).status).toBe(401);
  });

  it('turns pixel hits into visits, figures and top tables, and attributes a lead to its first-touch campaign', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    await pixel(
      '/api/analytics/pixel',
      {
        p: '/',
        sid: a,
        ref: 'https://mail.example.com/inbox',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring-lots',
        utm_term: 'lake powell lots',
        utm_content: 'hero-button',
        utm_id: 'nl-42',
      },
      IPHONE_UA,
    );
    await pixel('/api/analytics/pixel', { p: '/lot-map', sid: a }, IPHONE_UA);
    await pixel('/api/analytics/event-pixel', {
      n: 'engagement',
      c: 'engagement',
      sid: a,
      val: '30000',
      p: '/lot-map',
    });
    // Edge on Windows, whose user agent reads as Chrome's: its client hints name it.
    await pixel(
      '/api/analytics/pixel',
      { p: '/', sid: b, ref: 'https://www.google.com/', dt: 'desktop', br: 'Chrome' },
      CHROME_UA,
      {
        'sec-ch-ua': '"Not/A)Brand";v="8", "Chromium";v="126", "Microsoft Edge";v="126"',
        'sec-ch-ua-mobile': '?0',
        'sec-ch-ua-platform': '"Windows"',
      },
    );

    const r = await eventually(
      async () => {
        const now = await webAnalytics();
        return now.totalVisits === 2 && now.pageviews === 3 ? now : undefined;
      },
      15_000,
      'two visits in the roll-ups',
    );
    expect(r).toMatchObject({ totalVisits: 2, uniqueVisitors: 2, bounceRate: 50 });
    expect(r.top.pages.map((p) => [p.value, p.pageviews])).toEqual([
      ['/', 2],
      ['/lot-map', 1],
    ]);
    expect(r.top.campaigns.map((c) => [c.value, c.visits])).toEqual([['spring-lots', 1]]);
    expect(r.top.mediums.map((c) => [c.value, c.visits])).toEqual([['email', 1]]);
    expect(r.top.terms.map((c) => [c.value, c.visits, c.pageviews])).toEqual([['lake powell lots', 1, 2]]);
    expect(r.top.contents.map((c) => [c.value, c.visits])).toEqual([['hero-button', 1]]);
    expect((await webAnalytics(30, '&utm_content=hero-button')).totalVisits).toBe(1);
    expect(r.top.referrers.map((c) => c.value).sort()).toEqual(['google.com', 'mail.example.com']);
    expect(r.top.devices.map((c) => c.value).sort()).toEqual(['desktop', 'mobile']);
    expect(r.top.browsers.map((c) => [c.value, c.visits]).sort()).toEqual([
      ['Edge', 1],
      ['Safari', 1],
    ]);
    expect(r.top.operatingSystems.map((c) => [c.value, c.visits, c.pageviews]).sort()).toEqual([
      ['Windows', 1, 1],
      ['iOS', 1, 2],
    ]);
    expect(r.series.at(-1)).toMatchObject({ visits: 2, visitors: 2, pageviews: 3 });

    const sent = await stack.api('/api/contact', {
      body: { ...SAMPLE_SUBMISSION, page: '/lot-map', sessionId: a },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(sent.status).toBe(201);
    const attribution = await eventually(
      async () => {
        const res = await stack.api('/api/marketing-dashboard/submission-attribution', { token });
        const list = (await res.json()) as (LeadAttribution & { submissionId: number })[];
        return list.find((x) => x.sessionId === a);
      },
      15_000,
      'the submission and its attribution',
    );
    expect(attribution.firstTouch).toMatchObject({
      source: 'newsletter',
      utmCampaign: 'spring-lots',
      utmMedium: 'email',
      referrerHost: 'mail.example.com',
      landingPage: '/',
    });
    expect(attribution).toMatchObject({ visits: 1, pageviews: 2, pages: ['/', '/lot-map'] });

    const leads = (await (
      await stack.api('/api/marketing-dashboard/leads-by-source?days=30', { token })
    ).json()) as LeadsBySource;
    expect(leads.campaigns).toEqual([
      { value: 'spring-lots', leads: 1, visits: 1, convertingVisits: 1, conversionRate: 100 },
    ]);
    expect(leads.sources).toEqual([
      { value: 'newsletter', leads: 1, visits: 1, convertingVisits: 1, conversionRate: 100 },
    ]);
    expect(leads.unattributed).toBe(0);

    // A refresh re-aggregates from the raw hits and lands on the same figures.
    const refreshed = await stack.api('/api/marketing-dashboard/refresh-analytics?days=30', { method: 'POST', token });
    expect(refreshed.status).toBe(200);
    const again = await webAnalytics();
    expect({ ...again, previous: undefined }).toEqual({ ...r, previous: undefined });
    expect(again.top.entryPages.map((p) => [p.value, p.visits])).toEqual([['/', 2]]);
    expect(again.top.exitPages.map((p) => [p.value, p.visits])).toEqual([
      ['/', 1],
      ['/lot-map', 1],
    ]);
    expect((await webAnalytics(30, '&exit_page=%2Flot-map')).totalVisits).toBe(1);

    // Drill-down: the newsletter's visit alone, then the desktop visits that saw the home page.
    const newsletter = await webAnalytics(30, '&source=newsletter');
    expect(newsletter).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, pageviews: 2, bounceRate: 0 });
    expect(newsletter.top.pages.map((p) => [p.value, p.pageviews])).toEqual([
      ['/', 1],
      ['/lot-map', 1],
    ]);
    expect(newsletter.top.browsers.map((p) => p.value)).toEqual(['Safari']);
    const desktopHome = await webAnalytics(30, '&device=desktop&page=%2F');
    expect(desktopHome).toMatchObject({ totalVisits: 1, pageviews: 1, bounceRate: 100 });
    expect(desktopHome.top.referrers.map((p) => p.value)).toEqual(['google.com']);
    expect((await webAnalytics(30, '&source=(none)')).totalVisits).toBe(0);

    // The newsletter reader opens a lot page: the same filtered view, asked again, counts it
    // (its days were kept from the look before, and today's worked out again).
    await pixel('/api/analytics/pixel', { p: '/lots/7', sid: a }, IPHONE_UA);
    const later = await eventually(
      async () => {
        const now = await webAnalytics(30, '&source=newsletter');
        return now.pageviews === 3 ? now : undefined;
      },
      15_000,
      "the newsletter visit's third page in the filtered view",
    );
    expect(later).toMatchObject({ totalVisits: 1, uniqueVisitors: 1, pageviews: 3, bounceRate: 0 });
    expect(later.top.exitPages.map((p) => p.value)).toEqual(['/lots/7']);
    // Two staff open a view nobody opened before at once: one works its days out, the other reads them.
    const [first, second] = await Promise.all([
      webAnalytics(30, '&source=newsletter&device=mobile'),
      webAnalytics(30, '&device=mobile&source=newsletter'),
    ]);
    expect(first).toMatchObject({ totalVisits: 1, pageviews: 3 });
    expect(second).toEqual(first);
    expect((await webAnalytics(30, '&source=newsletter')).top.pages.map((p) => [p.value, p.pageviews])).toEqual([
      ['/', 1],
      ['/lot-map', 1],
      ['/lots/7', 1],
    ]);

    // The extra utm_* parameter is kept beside the five named ones.
    const { rows } = await stack.platform.db.knex.raw<{ rows: { utm_extra: unknown }[] }>(
      'select utm_extra from analytics.page_views where session_id = ? and utm_extra is not null',
      [a],
    );
    expect(rows.map((x) => x.utm_extra)).toEqual([{ utm_id: 'nl-42' }]);
  });

  it('answers custom days compared with the days before or a year earlier, and refuses days after today', async () => {
    const sid = crypto.randomUUID();
    await pixel('/api/analytics/pixel', { p: '/lots/3', sid, dt: 'desktop', br: 'Chrome' });
    const get = (query: string) => stack.api(`/api/marketing-dashboard/web-analytics?${query}`, { token });
    // The last 30 days and today alone, read until both show the visit and agree on today: read
    // once each, a midnight in the site's time zone between the two reads would part them.
    const { last30, todayAlone } = await eventually(
      async () => {
        const last30 = await webAnalytics();
        if (!last30.top.pages.some((p) => p.value === '/lots/3')) return undefined;
        const todayAlone = (await (await get(`from=${last30.to}&to=${last30.to}`)).json()) as WebAnalytics;
        const again = await webAnalytics();
        return again.to === last30.to && again.series.at(-1)!.visits === last30.series.at(-1)!.visits
          ? { last30, todayAlone }
          : undefined;
      },
      15_000,
      'the visit in the roll-ups',
    );
    const today = last30.to;

    expect(todayAlone).toMatchObject({ from: today, to: today, days: 1, custom: true });
    expect(todayAlone.totalVisits).toBe(last30.series.at(-1)!.visits);
    expect(todayAlone.comparison).toMatchObject({ compare: 'previous', to: last30.series.at(-2)!.day, days: 1 });
    const yearAgo = (await (await get(`from=${today}&to=${today}&compare=year&page=/lots/3`)).json()) as WebAnalytics;
    expect(yearAgo).toMatchObject({ totalVisits: 1, pageviews: 1, filters: { page: '/lots/3' } });
    expect(yearAgo.comparison).toMatchObject({ compare: 'year', days: 1 });
    expect(yearAgo.comparison.from.slice(5)).toBe(today.slice(5) === '02-29' ? '02-28' : today.slice(5));
    expect(yearAgo.previous.totalVisits).toBe(0);

    // Refused with the field to fix: a range past today, out of order, half given, too long.
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const [query, field] of [
      [`from=${today}&to=${tomorrow}`, 'to'],
      [`from=${today}&to=2020-01-01`, 'to'],
      [`from=${today}`, 'to'],
      ['from=2024-01-01&to=2025-06-01', 'to'],
      [`days=7&from=${today}&to=${today}`, 'days'],
      ['compare=decade', 'compare'],
    ]) {
      const refused = await get(query!);
      const body = (await refused.json()) as { error: { details: { fields: Record<string, string[]> } } };
      expect([query, refused.status, Object.keys(body.error.details.fields)]).toEqual([query, 400, [field]]);
    }

    // The cards beside the figures and the refresh take the same days.
    for (const path of ['leads-by-source', 'site-events']) {
      const res = await stack.api(`/api/marketing-dashboard/${path}?from=${today}&to=${today}`, { token });
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.json()).toMatchObject({ from: today, to: today, days: 1 });
      expect((await stack.api(`/api/marketing-dashboard/${path}?from=${today}`, { token })).status).toBe(400);
    }
    const refreshed = await stack.api(`/api/marketing-dashboard/refresh-analytics?from=${today}&to=${today}`, {
      method: 'POST',
      token,
    });
    expect(refreshed.status).toBe(200);
    expect(await refreshed.json()).toMatchObject({ days: 1, from: today, to: today });
    expect((await (await get(`from=${today}&to=${today}`)).json()) as WebAnalytics).toMatchObject({
      totalVisits: todayAlone.totalVisits,
      pageviews: todayAlone.pageviews,
    });
  });

  it('counts goals and follows a funnel from the pixels, and keeps goals whole', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const post = (body: unknown) => stack.api('/api/marketing-dashboard/goals', { body, token });
    const lotGoal = await post({ name: `Lot ${tag}`, kind: 'page', value: `/lots/goal-${tag}/*` });
    expect(lotGoal.status).toBe(201);
    const lot = (await lotGoal.json()) as { id: number };
    const form = (await (await post({ name: `Form ${tag}`, kind: 'event', value: `form_${tag}` })).json()) as {
      id: number;
    };
    // A name taken in any letter case, a page without its slash, an unknown kind: refused with the field.
    for (const [body, status, field] of [
      [{ name: `LOT ${tag}`, kind: 'page', value: '/x' }, 409, 'name'],
      [{ name: `Other ${tag}`, kind: 'page', value: 'lots' }, 400, 'value'],
      [{ name: `Other ${tag}`, kind: 'visit', value: '/x' }, 400, 'kind'],
    ] as const) {
      const res = await post(body);
      const envelope = (await res.json()) as { error: { details?: { fields?: Record<string, unknown> } } };
      expect([res.status, Object.keys(envelope.error.details?.fields ?? {})]).toEqual([status, [field]]);
    }

    // Two visitors see a lot; one of them then sends the form, the other sends it first.
    const [ann, bob] = [`ann-${tag}`, `bob-${tag}`];
    await pixel('/api/analytics/pixel', { p: `/lots/goal-${tag}/1`, sid: ann });
    await pixel('/api/analytics/event-pixel', { n: `form_${tag}`, c: 'submission', sid: ann, p: '/contact' });
    await pixel('/api/analytics/event-pixel', { n: `form_${tag}`, c: 'submission', sid: bob, p: '/contact' });
    await new Promise((r) => setTimeout(r, 20));
    await pixel('/api/analytics/pixel', { p: `/lots/goal-${tag}/2`, sid: bob });
    const report = await eventually(
      async () => {
        const res = await stack.api('/api/marketing-dashboard/goal-conversions?days=7', { token });
        expect(res.status).toBe(200);
        const body = (await res.json()) as GoalReport;
        const goals = body.goals.filter((g) => g.id === lot.id || g.id === form.id);
        return goals.every((g) => g.conversions === 2) ? { body, goals } : undefined;
      },
      15_000,
      'both goals converted twice',
    );
    expect(report.goals.map((g) => [g.name, g.visitors])).toEqual([
      [`Lot ${tag}`, 2],
      [`Form ${tag}`, 2],
    ]);
    expect(report.goals[0]!.conversionRate).toBeGreaterThan(0);

    const funnel = async (query: string) => {
      const res = await stack.api(`/api/marketing-dashboard/funnel?${query}`, { token });
      return { status: res.status, body: (await res.json()) as Funnel };
    };
    const lotThenForm = await funnel(`goals=${lot.id},${form.id}&days=7`);
    expect(lotThenForm.status).toBe(200);
    // bob sent the form before he saw a lot: he drops off.
    expect(lotThenForm.body.steps.map((s) => [s.visitors, s.dropOff, s.conversionRate])).toEqual([
      [2, 0, 100],
      [1, 1, 50],
    ]);
    expect((await funnel(`goals=${lot.id}&days=7`)).status).toBe(400);
    expect((await funnel(`goals=${lot.id},x&days=7`)).status).toBe(400);

    // Edited at the version it was opened at: counted again at once; a stale copy or bad input refused.
    const put = (id: number, body: unknown) =>
      stack.api(`/api/marketing-dashboard/goals/${id}`, { method: 'PUT', body, token });
    const renamed = await put(lot.id, { name: `Lot 7 ${tag}`, kind: 'page', value: '/lots/7', version: 1 });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: `Lot 7 ${tag}`, value: '/lots/7', version: 2 });
    expect((await put(lot.id, { name: 'Again', kind: 'page', value: '/lots/*', version: 1 })).status).toBe(409);
    const invalid = await put(lot.id, { name: 'Bad', kind: 'page', value: 'lots', version: 2 });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    expect((await put(lot.id, { name: 'No version', kind: 'page', value: '/lots/*' })).status).toBe(400);
    expect((await put(9_999_999, { name: 'Gone', kind: 'page', value: '/x', version: 1 })).status).toBe(404);
    expect((await put(lot.id, { name: `FORM ${tag}`, kind: 'page', value: '/x', version: 2 })).status).toBe(409);
    expect(
      (await put(lot.id, { name: `Lot ${tag}`, kind: 'page', value: `/lots/goal-${tag}/*`, version: 2 })).status,
    ).toBe(200);

    expect((await stack.api(`/api/marketing-dashboard/goals/${form.id}`, { method: 'DELETE', token })).status).toBe(
      204,
    );
    expect((await stack.api(`/api/marketing-dashboard/goals/${form.id}`, { method: 'DELETE', token })).status).toBe(
      404,
    );
    const gone = await funnel(`goals=${lot.id},${form.id}&days=7`);
    expect(gone.status).toBe(404);
    const goals = (await (await stack.api('/api/marketing-dashboard/goals', { token })).json()) as { id: number }[];
    expect(goals.map((g) => g.id)).toContain(lot.id);
    expect(goals.map((g) => g.id)).not.toContain(form.id);
    expect((await stack.api('/api/marketing-dashboard/goals')).status).toBe(401);
  });

  it("counts outbound link clicks, file downloads and pages not found from the tracker's events", async () => {
    const sid = crypto.randomUUID();
    const county = 'https://www.coconino.az.gov/permits';
    for (const [n, p, lbl] of [
      ['outbound_click', '/builder', county],
      ['outbound_click', '/market', county],
      ['file_download', '/lots/9', `${stack.baseUrl}/files/plat-map.pdf`],
      ['not_found', '/lots/99', 'https://www.zillow.com/homedetails'],
    ] as const)
      await pixel('/api/analytics/event-pixel', { n, c: 'link', sid, p, lbl });
    const events = await eventually(
      async () => {
        const res = await stack.api('/api/marketing-dashboard/site-events?days=7', { token });
        expect(res.status).toBe(200);
        const body = (await res.json()) as SiteEvents;
        return body.notFound.length > 0 && body.outboundLinks[0]?.hits === 2 ? body : undefined;
      },
      15_000,
      'the events in the roll-up',
    );
    expect(events).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      days: 7,
      outboundLinks: [{ value: county, referrer: '', hits: 2 }],
      fileDownloads: [{ value: `${stack.baseUrl}/files/plat-map.pdf`, referrer: '', hits: 1 }],
      notFound: [{ value: '/lots/99', referrer: 'https://www.zillow.com/homedetails', hits: 1 }],
    });
    expect((await stack.api('/api/marketing-dashboard/site-events?days=3', { token })).status).toBe(400);
    expect((await stack.api('/api/marketing-dashboard/site-events?days=7')).status).toBe(401);
  });

  it('shows who is on the site now and on which page, to staff only', async () => {
    expect((await stack.api('/api/marketing-dashboard/live-visitors')).status).toBe(401);
    const tag = crypto.randomUUID().slice(0, 8);
    const [ann, bob, cat] = ['ann', 'bob', 'cat'].map((n) => `${n}-${tag}`) as [string, string, string];
    // Ann moves on from the home page to a lot; Bob and Cat read the same lot page.
    await pixel('/api/analytics/pixel', { p: `/live-${tag}`, sid: ann });
    await pixel('/api/analytics/pixel', { p: `/lots/live-${tag}`, sid: ann });
    await pixel('/api/analytics/pixel', { p: `/lots/live-${tag}`, sid: bob }, IPHONE_UA);
    await pixel('/api/analytics/pixel', { p: `/contact-${tag}`, sid: cat });
    await pixel('/api/analytics/pixel', { p: `/lots/live-${tag}`, sid: cat });
    const live = await eventually(async () => {
      const res = await stack.api('/api/marketing-dashboard/live-visitors', { token });
      expect(res.status).toBe(200);
      const body = (await res.json()) as LiveVisitors;
      return body.pages.some((p) => p.path === `/lots/live-${tag}` && p.visitors === 3) ? body : undefined;
    }, 15_000);
    // Each visitor is on one page, their latest: the pages they left are not listed.
    expect(live.pages.map((p) => p.path)).not.toContain(`/live-${tag}`);
    expect(live.pages.map((p) => p.path)).not.toContain(`/contact-${tag}`);
    expect(live.visitors).toBeGreaterThanOrEqual(3);
    expect(Date.now() - Date.parse(live.asOf)).toBeLessThan(60_000);
  });
});
