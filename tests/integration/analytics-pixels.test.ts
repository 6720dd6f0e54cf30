/**
 * Visitor analytics across the real boundaries: pixel hits go HTTP → gateway (answered at
 * once with a GIF, buffered, published in batches) → bus (JetStream or embedded) → analytics
 * consumers → `analytics.page_views` / `analytics.events`. Every hit answered with the GIF
 * must end up in Postgres; bots, invalid queries and floods must not.
 */
import { expect, it } from 'vitest';
import { eventMeta, SUBJECTS, type PageviewsRecorded } from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { CHROME_UA, IPHONE_UA, pageviewHit } from '../support/samples.ts';
import { useStack } from '../support/fixtures.ts';

type PageViewRow = {
  event_id: string;
  hit_index: number;
  occurred_at: Date | string;
  path: string;
  referrer: string | null;
  session_id: string;
  device_type: string | null;
  browser: string | null;
  os: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
};
type EventRow = {
  event_id: string;
  hit_index: number;
  session_id: string;
  name: string;
  category: string;
  action: string | null;
  label: string | null;
  value: number | null;
  path: string | null;
  properties: Record<string, unknown> | null;
};

describeOnEachBackend('analytics pixels', (backend) => {
  // Each test speaks from its own address (X-Forwarded-For, trusted here) so the per-IP limit is its own.
  const stack = useStack({
    backend,
    env: { TRUST_PROXY: 'true', PIXEL_HITS_PER_MINUTE: '600', PIXEL_BATCH_MAX_HITS: '200' },
  });

  let lastIp = 0;
  const newIp = () => `198.51.100.${++lastIp}`;
  const newSession = () => crypto.randomUUID();

  const pixel = (path: string, params: Record<string, string>, opts: { ip: string; ua?: string }) =>
    fetch(`${stack.baseUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { 'user-agent': opts.ua ?? CHROME_UA, 'x-forwarded-for': opts.ip },
    });
  const pageView = (params: Record<string, string>, opts: { ip: string; ua?: string }) =>
    pixel('/api/analytics/pixel', params, opts);
  const event = (params: Record<string, string>, opts: { ip: string; ua?: string }) =>
    pixel('/api/analytics/event-pixel', params, opts);

  const pageViewsOf = (sid: string): Promise<PageViewRow[]> =>
    stack.platform.db.knex.withSchema('analytics').table('page_views').where({ session_id: sid }).orderBy('id');
  const eventsOf = (sid: string): Promise<EventRow[]> =>
    stack.platform.db.knex.withSchema('analytics').table('events').where({ session_id: sid }).orderBy('id');
  const atLeast = <T>(read: () => Promise<T[]>, n: number, what: string) =>
    eventually(
      async () => {
        const rows = await read();
        return rows.length >= n ? rows : undefined;
      },
      20_000,
      what,
    );
  /** Sends in waves of `wave` concurrent requests (a page's worth of pixels, not a socket storm). */
  const inWaves = async (count: number, wave: number, send: (i: number) => Promise<Response>) => {
    const out: Response[] = [];
    for (let i = 0; i < count; i += wave)
      out.push(...(await Promise.all(Array.from({ length: Math.min(wave, count - i) }, (_, k) => send(i + k)))));
    return out;
  };

  it('answers every page view at once with a no-store GIF and stores each one, UTM parameters and all', async () => {
    const ip = newIp();
    const sid = newSession();
    const answers = await inWaves(30, 30, (i) =>
      pageView(
        {
          p: `/blog/lot-${i}`,
          sid,
          ref: 'https://www.google.com/',
          dt: 'mobile',
          br: 'Safari',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'spring-lots',
          utm_term: 'lake powell lots',
          utm_content: 'hero-button',
        },
        { ip, ua: IPHONE_UA },
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await res.arrayBuffer()).byteLength).toBe(43);
    }
    const rows = await atLeast(() => pageViewsOf(sid), 30, '30 page views');
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.path).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `/blog/lot-${i}`).sort());
    expect(rows[0]).toMatchObject({
      referrer: 'https://www.google.com/',
      device_type: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-lots',
      utm_term: 'lake powell lots',
      utm_content: 'hero-button',
    });
    expect(Math.abs(Date.now() - new Date(rows[0]!.occurred_at).getTime())).toBeLessThan(60_000);
    // Batched: hits share event ids, each numbered inside its batch.
    expect(new Set(rows.map((r) => `${r.event_id}/${r.hit_index}`)).size).toBe(30);
    expect(Math.max(...rows.map((r) => r.hit_index))).toBeGreaterThan(0);
  });

  it('stores a page view without referrer or UTM parameters as nulls', async () => {
    const sid = newSession();
    const res = await pageView({ p: '/', sid, ref: '', dt: 'desktop', br: 'Chrome' }, { ip: newIp() });
    expect(res.status).toBe(200);
    const [row] = await atLeast(() => pageViewsOf(sid), 1, 'the page view');
    expect(row).toMatchObject({
      path: '/',
      referrer: null,
      utm_source: null,
      utm_campaign: null,
      device_type: 'desktop',
    });
  });

  it('stores named events with action, label, numeric value and JSON properties', async () => {
    const ip = newIp();
    const sid = newSession();
    const answers = await inWaves(12, 12, (i) =>
      event(
        {
          n: 'lot_viewed',
          c: 'engagement',
          sid,
          act: 'open',
          lbl: `lot ${i}`,
          val: String(55000 + i * 0.5),
          p: '/map',
          props: JSON.stringify({ lot: i, bay: 'Good Hope Bay', featured: i % 2 === 0 }),
        },
        { ip },
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(answers.every((r) => r.headers.get('content-type') === 'image/gif')).toBe(true);
    const rows = await atLeast(() => eventsOf(sid), 12, '12 events');
    expect(rows).toHaveLength(12);
    const lot3 = rows.find((r) => r.label === 'lot 3');
    expect(lot3).toMatchObject({
      name: 'lot_viewed',
      category: 'engagement',
      action: 'open',
      value: 55001.5,
      path: '/map',
      properties: { lot: 3, bay: 'Good Hope Bay', featured: false },
    });
    // An event with only the required parameters.
    const bare = newSession();
    expect((await event({ n: 'call_click', c: 'contact', sid: bare }, { ip })).status).toBe(200);
    const [row] = await atLeast(() => eventsOf(bare), 1, 'the bare event');
    expect(row).toMatchObject({ action: null, label: null, value: null, path: null, properties: null });
  });

  it('answers an invalid query with the GIF marked invalid_query and stores nothing of it', async () => {
    const ip = newIp();
    const sid = newSession();
    const bad: [string, Record<string, string>, string[]][] = [
      ['/api/analytics/pixel', { sid }, ['p']],
      ['/api/analytics/pixel', { p: 'no-slash', sid, dt: 'phone' }, ['dt', 'p']],
      ['/api/analytics/pixel', { p: '/', sid: 's'.repeat(101) }, ['sid']],
      ['/api/analytics/event-pixel', { n: 'x', c: 'y', sid, val: 'lots' }, ['val']],
      ['/api/analytics/event-pixel', { n: 'x', c: 'y', sid, props: '{not json' }, ['props']],
      [
        '/api/analytics/event-pixel',
        { n: 'x', c: 'y', sid, props: JSON.stringify({ t: 'x'.repeat(5000) }) },
        ['props'],
      ],
      ['/api/analytics/event-pixel', { c: 'y', sid }, ['n']],
    ];
    for (const [path, params] of bad) {
      const res = await pixel(path, params, { ip });
      expect(res.status, JSON.stringify(params).slice(0, 80)).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('x-pixel-dropped')).toBe('invalid_query');
    }
    // A valid hit of the same session, sent after the invalid ones, is the only one stored.
    expect((await pageView({ p: '/after', sid }, { ip })).status).toBe(200);
    expect((await event({ n: 'after', c: 'y', sid }, { ip })).status).toBe(200);
    await atLeast(() => pageViewsOf(sid), 1, 'the valid page view');
    await atLeast(() => eventsOf(sid), 1, 'the valid event');
    expect((await pageViewsOf(sid)).map((r) => r.path)).toEqual(['/after']);
    expect((await eventsOf(sid)).map((r) => r.name)).toEqual(['after']);
    expect(stack.platform.counters.get('gateway_hits_dropped_total', { reason: 'invalid_query' })).toBe(bad.length);
  });

  it('answers bots with the GIF but never stores them', async () => {
    const ip = newIp();
    const sid = newSession();
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
      'curl/8.5.0',
    ];
    const before = stack.platform.counters.get('gateway_hits_dropped_total', { reason: 'bot' });
    for (const ua of bots) {
      const res = await pageView({ p: '/bot-page', sid }, { ip, ua });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(res.headers.get('x-pixel-dropped')).toBe('bot');
    }
    expect((await event({ n: 'bot_event', c: 'x', sid }, { ip, ua: bots[0] })).status).toBe(200);
    // A person's hit sent after the bots' is stored; the bots' are not.
    expect((await pageView({ p: '/person-page', sid }, { ip })).status).toBe(200);
    await atLeast(() => pageViewsOf(sid), 1, "the person's page view");
    expect((await pageViewsOf(sid)).map((r) => r.path)).toEqual(['/person-page']);
    expect(await eventsOf(sid)).toEqual([]);
    expect(stack.platform.counters.get('gateway_hits_dropped_total', { reason: 'bot' }) - before).toBe(bots.length + 1);
  });

  it('stores every hit of a burst larger than one batch, in batches of at most PIXEL_BATCH_MAX_HITS (200 here)', async () => {
    const ip = newIp();
    const sid = newSession();
    const answers = await inWaves(450, 50, (i) => pageView({ p: `/burst/${i}`, sid, dt: 'desktop' }, { ip }));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const rows = await atLeast(() => pageViewsOf(sid), 450, '450 page views');
    expect(rows).toHaveLength(450);
    expect(new Set(rows.map((r) => r.path)).size).toBe(450);
    const batches = new Set(rows.map((r) => r.event_id));
    expect(batches.size).toBeGreaterThanOrEqual(3);
    expect(batches.size).toBeLessThan(450);
    expect(Math.max(...rows.map((r) => r.hit_index))).toBeLessThan(200);
  });

  it('limits each address to PIXEL_HITS_PER_MINUTE (600 here) with the GIF marked rate_limited, and only that address', async () => {
    const ip = newIp();
    const sid = newSession();
    const answers = await inWaves(600, 50, (i) =>
      i % 2 ? pageView({ p: `/flood/${i}`, sid }, { ip }) : event({ n: 'flood', c: 'x', sid }, { ip }),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const limited = await pageView({ p: '/one-too-many', sid }, { ip });
    expect(limited.status).toBe(200);
    expect(limited.headers.get('content-type')).toBe('image/gif');
    expect(limited.headers.get('x-pixel-dropped')).toBe('rate_limited');
    expect((await event({ n: 'again', c: 'x', sid }, { ip })).headers.get('x-pixel-dropped')).toBe('rate_limited');
    const other = await pageView({ p: '/someone-else', sid: newSession() }, { ip: newIp() });
    expect(other.headers.get('x-pixel-dropped')).toBeNull();
    await atLeast(() => pageViewsOf(sid), 300, 'the accepted page views');
    await atLeast(() => eventsOf(sid), 300, 'the accepted events');
    expect((await pageViewsOf(sid)).some((r) => r.path === '/one-too-many')).toBe(false);
  });

  it('stores a batch delivered twice only once', async () => {
    const sid = newSession();
    const at = new Date().toISOString();
    const batch: PageviewsRecorded = {
      ...eventMeta(),
      hits: ['/a', '/b'].map((path) => pageviewHit({ at, path, sessionId: sid, deviceType: null, browser: null })),
    };
    const duplicates = () => stack.platform.counters.get('analytics_pageviews_duplicates_total');
    const duplicatesBefore = duplicates();
    // Two msg ids get past the bus's de-duplication, as a redelivery after a lost ack would.
    await stack.platform.bus.publish(SUBJECTS.pageviewsRecorded, batch, { msgId: batch.id });
    await atLeast(() => pageViewsOf(sid), 2, 'the batch');
    await stack.platform.bus.publish(SUBJECTS.pageviewsRecorded, batch, { msgId: crypto.randomUUID() });
    // The second copy has been handled once the consumer counts its two hits as stored before.
    await eventually(async () => (duplicates() >= duplicatesBefore + 2 ? true : undefined), 20_000, 'the copy');
    expect((await pageViewsOf(sid)).map((r) => r.path)).toEqual(['/a', '/b']);
  });
});
