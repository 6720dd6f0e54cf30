import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Counters, createLogger } from '@lp/runtime';
import { createHitIngestion, type PixelRequest } from './ingest-pixel-hit.ts';

const Query = v.object({ p: v.pipe(v.string(), v.startsWith('/')) });
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function setup(opts: { limitAfter?: number; bufferRoom?: number } = {}) {
  const counters = new Counters();
  const buffered: { path: string; at: string }[] = [];
  const limited: string[] = [];
  let hits = 0;
  const ingest = createHitIngestion({
    kind: 'pageview',
    schema: Query,
    toHit: (q, req) => ({ path: q.p, at: req.receivedAt.toISOString() }),
    pathOf: (h) => h.path,
    buffer: { add: (h) => buffered.length < (opts.bufferRoom ?? Infinity) && buffered.push(h) > 0 },
    limiter: {
      hit: (ip) => {
        limited.push(ip);
        return ++hits > (opts.limitAfter ?? Infinity) ? 42 : 0;
      },
    },
    counters,
  });
  const req = (over: Partial<PixelRequest> = {}): PixelRequest => ({
    ip: '203.0.113.7',
    userAgent: CHROME,
    query: { p: '/market' },
    receivedAt: new Date('2026-11-22T17:00:00.000Z'),
    log: createLogger('test', 'silent'),
    ...over,
  });
  return { ingest, req, counters, buffered, limited };
}

describe('pixel hit ingestion', () => {
  it('buffers an accepted hit, stamped with the time it was received', () => {
    const { ingest, req, counters, buffered } = setup();
    expect(ingest(req())).toEqual({ accepted: true });
    expect(buffered).toEqual([{ path: '/market', at: '2026-11-22T17:00:00.000Z' }]);
    expect(counters.get('gateway_hits_accepted_total', { kind: 'pageview' })).toBe(1);
  });

  it('drops a bot without an error (answered like a person) and counts it', () => {
    const { ingest, req, counters, buffered } = setup();
    const out = ingest(req({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }));
    expect(out).toEqual({ accepted: false, step: 'filter_bots', reason: 'bot' });
    expect(ingest(req({ userAgent: undefined }))).toMatchObject({ reason: 'bot' });
    expect(buffered).toHaveLength(0);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'bot' })).toBe(2);
  });

  it('drops an invalid query with its reason (the route still answers the GIF)', () => {
    const { ingest, req, counters } = setup();
    const out = ingest(req({ query: { p: 'market' } }));
    expect(out).toEqual({ accepted: false, step: 'parse_query', reason: 'invalid_query' });
    expect(counters.get('gateway_hits_dropped_total', { reason: 'invalid_query' })).toBe(1);
  });

  it('rate limits per IP first, before any other work', () => {
    const { ingest, req, counters, buffered, limited } = setup({ limitAfter: 1 });
    expect(ingest(req()).accepted).toBe(true);
    const out = ingest(req({ userAgent: 'curl/8.0', query: {} }));
    expect(out).toEqual({ accepted: false, step: 'check_rate_limit', reason: 'rate_limited' });
    expect(limited).toEqual(['203.0.113.7', '203.0.113.7']);
    expect(buffered).toHaveLength(1);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'rate_limited' })).toBe(1);
  });

  it('drops a hit as buffer_full when the buffer is full, rather than pretending it was kept', () => {
    const { ingest, req, counters } = setup({ bufferRoom: 1 });
    expect(ingest(req()).accepted).toBe(true);
    const out = ingest(req());
    expect(out).toEqual({ accepted: false, step: 'buffer_hit', reason: 'buffer_full' });
    expect(counters.get('gateway_hits_dropped_total', { reason: 'buffer_full' })).toBe(1);
  });

  it('drops a hit for a dashboard page as staff_page, in any letter case, and counts it', () => {
    const { ingest, req, counters, buffered } = setup();
    for (const p of ['/marketing', '/marketing/analytics', '/Marketing/', '/MARKETING/contacts?x=1'])
      expect(ingest(req({ query: { p } }))).toEqual({ accepted: false, step: 'filter_staff', reason: 'staff_page' });
    expect(ingest(req({ query: { p: '/marketing-overview' } })).accepted).toBe(true);
    expect(buffered.map((b) => b.path)).toEqual(['/marketing-overview']);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'staff_page' })).toBe(4);
  });

  it('drops any hit from a browser holding a staff session as staff_session', () => {
    const { ingest, req, counters, buffered } = setup();
    expect(ingest(req({ staffSession: true }))).toEqual({
      accepted: false,
      step: 'filter_staff',
      reason: 'staff_session',
    });
    expect(buffered).toHaveLength(0);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'staff_session' })).toBe(1);
  });
});
