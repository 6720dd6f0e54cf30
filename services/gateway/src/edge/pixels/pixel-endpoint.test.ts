/**
 * The pixel endpoint over real HTTP with a fake bus: the GIF answer for every hit (dropped ones marked), client
 * hints, bot drops, and the shutdown hook that flushes both write buffers before the bus closes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type EventsRecorded, type PageviewsRecorded } from '@lp/contracts';
import {
  Counters,
  createLogger,
  parseConfig,
  type Bus,
  type Knex,
  type PublishOptions,
  type PublishResult,
} from '@lp/runtime';
import { GatewayConfigSchema } from '../../config.ts';
import { createLotCache } from '../../site/lots/lot-cache.ts';
import { createPixelEndpoint, TRANSPARENT_GIF } from './pixel-endpoint.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('pixel endpoint', () => {
  const published: { subject: string; payload: unknown }[] = [];
  const hooks: (() => Promise<void>)[] = [];
  const counters = new Counters();
  let server: Server;
  let base: string;

  // A bus that takes 100 ms to store, so the shutdown hook must wait for it.
  const bus = {
    publish: async (subject: string, payload: unknown, _opts: PublishOptions): Promise<PublishResult> => {
      await new Promise((r) => setTimeout(r, 100));
      published.push({ subject, payload });
      return { stream: 'ANALYTICS', seq: published.length, duplicate: false };
    },
  } as Bus;

  beforeAll(async () => {
    const log = createLogger('test', 'silent');
    const endpoint = createPixelEndpoint({
      config: parseConfig(GatewayConfigSchema, {}),
      bus,
      knex: {} as Knex,
      log,
      counters,
      lots: createLotCache(),
      onShutdown: (fn) => hooks.push(fn),
    });
    server = createServer((req, res) => {
      if (!endpoint.handle(req, res)) res.writeHead(404).end();
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (path: string, params: Record<string, string>, ua = CHROME) =>
    fetch(`${base}${path}?${new URLSearchParams(params)}`, { headers: { 'user-agent': ua } });

  it('answers a page view with a no-store 1×1 transparent GIF', async () => {
    const res = await get('/api/analytics/pixel', { p: '/', sid: 'route-test', dt: 'desktop', br: 'Chrome' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(43);
    expect(body.equals(TRANSPARENT_GIF)).toBe(true);
    expect(body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('times each pixel request under its method and route', async () => {
    // After the GET of the test above; a HEAD records no hit, so the other tests' counts hold.
    await fetch(`${base}/api/analytics/event-pixel?sid=timed`, { method: 'HEAD', headers: { 'user-agent': CHROME } });
    const text = await counters.toPrometheus();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/analytics\/pixel",status_class="2xx"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="HEAD",route="\/api\/analytics\/event-pixel",status_class="2xx"\} 1$/m,
    );
  });

  it('answers an invalid query with the GIF, its drop reason in a header, and counts it', async () => {
    const res = await get('/api/analytics/event-pixel', { n: 'x', sid: 's', val: 'ten' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-pixel-dropped')).toBe('invalid_query');
    expect(Buffer.from(await res.arrayBuffer()).equals(TRANSPARENT_GIF)).toBe(true);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'invalid_query' })).toBe(1);
  });

  it('keeps every utm_* parameter: the five named ones and the rest as extras', async () => {
    const res = await get('/api/analytics/pixel', {
      p: '/lots',
      sid: 'utm-extra',
      utm_source: 'fb',
      utm_id: 'camp-7',
      utm_creative_format: 'video',
    });
    expect(res.headers.get('x-pixel-dropped')).toBeNull();
    await hooks[0]!();
    const hit = published
      .filter((p) => p.subject === 'analytics.pageviews.recorded')
      .flatMap((p) => (p.payload as PageviewsRecorded).hits)
      .find((h) => h.sessionId === 'utm-extra');
    expect(hit).toMatchObject({ utmSource: 'fb', utmExtra: { utm_id: 'camp-7', utm_creative_format: 'video' } });
  });

  it('answers a bot with the GIF, marked as dropped, and never publishes it', async () => {
    const res = await get('/api/analytics/pixel', { p: '/', sid: 'bot' }, 'Mozilla/5.0 HeadlessChrome/126.0');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-pixel-dropped')).toBe('bot');
    expect(counters.get('gateway_hits_dropped_total', { reason: 'bot' })).toBe(1);
  });

  it('answers HEAD with the GIF headers without recording anything', async () => {
    const before = counters.get('gateway_hits_accepted_total', { kind: 'pageview' });
    const res = await fetch(`${base}/api/analytics/pixel?p=/&sid=head`, {
      method: 'HEAD',
      headers: { 'user-agent': CHROME },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(counters.get('gateway_hits_accepted_total', { kind: 'pageview' })).toBe(before);
  });

  it('registers one shutdown hook that publishes every answered hit before it resolves', async () => {
    expect(hooks).toHaveLength(1);
    const answered = await Promise.all([
      ...[1, 2, 3].map((i) => get('/api/analytics/pixel', { p: `/page-${i}`, sid: 'drain', utm_source: 'mail' })),
      ...[1, 2].map((i) =>
        get('/api/analytics/event-pixel', { n: `click-${i}`, c: 'cta', sid: 'drain', props: '{"lot":12}' }),
      ),
    ]);
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await hooks[0]!();
    const pageviews = published
      .filter((p) => p.subject === 'analytics.pageviews.recorded')
      .flatMap((p) => (p.payload as PageviewsRecorded).hits)
      .filter((h) => h.sessionId === 'drain');
    const events = published
      .filter((p) => p.subject === 'analytics.events.recorded')
      .flatMap((p) => (p.payload as EventsRecorded).hits);
    expect(pageviews.map((h) => h.path).sort()).toEqual(['/page-1', '/page-2', '/page-3']);
    expect(pageviews[0]).toMatchObject({ utmSource: 'mail', referrer: null, deviceType: 'desktop', browser: 'Chrome' });
    expect(events.map((h) => h.name).sort()).toEqual(['click-1', 'click-2']);
    expect(events[0]).toMatchObject({ category: 'cta', properties: { lot: 12 }, value: null });
    expect(counters.get('gateway_hits_accepted_total', { kind: 'pageview' })).toBe(5);
    expect(counters.get('gateway_hits_accepted_total', { kind: 'event' })).toBe(2);
  });

  it("names the browser, OS and device of a page view from the request's client hints where Chromium sent them", async () => {
    const hinted = (sid: string, hints: Record<string, string>) =>
      fetch(`${base}/api/analytics/pixel?${new URLSearchParams({ p: '/', sid })}`, {
        headers: { 'user-agent': CHROME, ...hints },
      });
    await hinted('hints-edge', {
      'sec-ch-ua': '"Not/A)Brand";v="8", "Chromium";v="126", "Microsoft Edge";v="126"',
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
    });
    await hinted('hints-none', {});
    await hooks[0]!();
    const hits = published
      .filter((p) => p.subject === 'analytics.pageviews.recorded')
      .flatMap((p) => (p.payload as PageviewsRecorded).hits);
    expect(hits.find((h) => h.sessionId === 'hints-edge')).toMatchObject({
      browser: 'Edge',
      os: 'Windows',
      deviceType: 'desktop',
    });
    expect(hits.find((h) => h.sessionId === 'hints-none')).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      deviceType: 'desktop',
    });
  });

  it('drops a hit for a dashboard page, or from a browser with a staff session cookie, and counts each', async () => {
    const page = await get('/api/analytics/pixel', { p: '/marketing/analytics', sid: 'staff-page' });
    expect(page.headers.get('x-pixel-dropped')).toBe('staff_page');
    const event = await get('/api/analytics/event-pixel', { n: 'click', c: 'ui', sid: 'staff-page', p: '/marketing' });
    expect(event.headers.get('x-pixel-dropped')).toBe('staff_page');
    const signedIn = await fetch(`${base}/api/analytics/pixel?p=/lots&sid=staff-cookie`, {
      headers: { 'user-agent': CHROME, cookie: `theme=dark; ${SESSION_COOKIE}=abc123` },
    });
    expect(signedIn.headers.get('x-pixel-dropped')).toBe('staff_session');
    const emptied = await fetch(`${base}/api/analytics/pixel?p=/lots&sid=staff-cookie-cleared`, {
      headers: { 'user-agent': CHROME, cookie: `${SESSION_COOKIE}=` },
    });
    expect(emptied.headers.get('x-pixel-dropped')).toBeNull();
    expect(counters.get('gateway_hits_dropped_total', { reason: 'staff_page' })).toBe(2);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'staff_session' })).toBe(1);
  });

  it('leaves other methods and paths to the rest of the gateway', async () => {
    expect((await fetch(`${base}/api/analytics/pixel?p=/&sid=x`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/api/analytics/pixels?p=/&sid=x`)).status).toBe(404);
  });
});
