import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError, Counters, type Database } from '@lp/runtime';
import { clearRateCounters, openGatewayTestDb } from '../testing/gateway-test-db.ts';
import { BatchedRateLimiter, pruneNowAndThen, requestLimiter } from './rate-limit.ts';

let db: Database;
beforeAll(async () => {
  db = await openGatewayTestDb();
}, 180_000);
afterAll(() => db?.close());
afterEach(() => clearRateCounters(db));

const rows = async () => db.knex.withSchema('gateway').table('rate_counters').count<{ n: number }[]>({ n: '*' });
const ctx = () => {
  const headers: Record<string, string> = {};
  return { headers, set: (k: string, v: string) => void (headers[k] = v) };
};
/** The seconds a request is asked to wait (429), or 0 when it may pass. */
const tryHit = async (limit: ReturnType<typeof requestLimiter>, ...keys: string[]) => {
  try {
    await limit(ctx(), ...keys);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return Number(err.details?.retryAfterSeconds);
    throw err;
  }
};

describe('requestLimiter', () => {
  it('holds one limit across replicas, asks to wait until the window ends, then starts a new one', async () => {
    let now = 1_800_000_000_000;
    const counters = new Counters();
    const limit = { name: 'contact_form', max: 3, windowMs: 60_000, message: 'Too many' };
    // Two gateway replicas: each builds its own limiter, both count in the one database.
    const a = requestLimiter({ counters, knex: db.knex }, limit, () => now);
    const b = requestLimiter({ counters, knex: db.knex }, limit, () => now);
    expect(await tryHit(a, '203.0.113.9')).toBe(0);
    expect(await tryHit(b, '203.0.113.9')).toBe(0);
    expect(await tryHit(a, '203.0.113.9')).toBe(0);
    expect(await tryHit(b, '203.0.113.9')).toBe(60);
    expect(await tryHit(a, '192.0.2.1')).toBe(0);
    now += 30_000;
    expect(await tryHit(a, '203.0.113.9')).toBe(30);
    expect(await counters.registry.getSingleMetricAsString('gateway_rate_limited_total')).toContain(
      'gateway_rate_limited_total{limit="contact_form"} 2',
    );
    now += 30_001;
    expect(await tryHit(b, '203.0.113.9')).toBe(0);
  });

  it('refuses under any of its keys, and closes the connection when the body was not read', async () => {
    const limit = { name: 'contact_import', max: 1, windowMs: 60_000, message: 'Too many', bodyUnread: true };
    const a = requestLimiter({ counters: new Counters(), knex: db.knex }, limit);
    await a(ctx(), 'user:1', 'address:203.0.113.9');
    const c = ctx();
    await expect(a(c, 'user:2', 'address:203.0.113.9')).rejects.toMatchObject({ status: 429 });
    expect(c.headers.Connection).toBe('close');
  });

  it('limits in this process while the database is away, instead of failing the request', async () => {
    const away = {
      raw: () => Promise.reject(new Error('connection refused')),
    } as unknown as Database['knex'];
    const limit = { name: 'contact_form', max: 2, windowMs: 60_000, message: 'Too many' };
    const a = requestLimiter({ counters: new Counters(), knex: away }, limit);
    expect(await tryHit(a, '203.0.113.9')).toBe(0);
    expect(await tryHit(a, '203.0.113.9')).toBe(0);
    expect(await tryHit(a, '203.0.113.9')).toBe(60);
  });

  it('prunes windows that have ended', async () => {
    const limit = { name: 'email_events', max: 5, windowMs: 1000, message: 'Too many' };
    const a = requestLimiter({ counters: new Counters(), knex: db.knex }, limit, () => 1_000);
    for (let i = 0; i < 5; i++) await tryHit(a, `198.51.100.${i}`);
    expect(Number((await rows())[0]?.n)).toBe(5);
    pruneNowAndThen(db.knex, 10_000_000_000_000);
    await expect.poll(async () => Number((await rows())[0]?.n)).toBe(0);
  });
});

describe('BatchedRateLimiter (the pixel path)', () => {
  it('answers from memory, one batched write a sync, and holds across replicas once synced', async () => {
    let queries = 0;
    const count = () => queries++;
    db.knex.on('query', count);
    try {
      const opts = { knex: db.knex, name: 'pixel', max: 10, windowMs: 60_000, syncMs: 60_000 };
      const a = new BatchedRateLimiter(opts);
      const b = new BatchedRateLimiter(opts);
      for (let i = 0; i < 6; i++) expect(a.hit('203.0.113.9')).toBe(0);
      for (let i = 0; i < 6; i++) expect(b.hit('203.0.113.9')).toBe(0);
      for (let i = 0; i < 50; i++) a.hit(`192.0.2.${i}`);
      // 62 hits, no database round trip yet.
      expect(queries).toBe(0);
      await a.sync();
      await b.sync();
      expect(queries).toBe(2);
      // Twelve hits across the two replicas: each now refuses the address.
      expect(b.hit('203.0.113.9')).toBeGreaterThan(0);
      expect(a.hit('203.0.113.9')).toBe(0); // a last saw 6: it learns at its next sync
      await a.sync();
      expect(a.hit('203.0.113.9')).toBeGreaterThan(0);
      expect(a.hit('192.0.2.1')).toBe(0);
      await Promise.all([a.stop(), b.stop()]);
      const [row] = await db.knex
        .withSchema('gateway')
        .table('rate_counters')
        .where({ bucket: 'pixel:203.0.113.9' })
        .select('count');
      expect(row?.count).toBe(15); // every hit counted, refused ones too
    } finally {
      db.knex.off('query', count);
    }
  });
});
