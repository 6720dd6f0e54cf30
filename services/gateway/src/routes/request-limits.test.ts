/**
 * The CSV import and the provider webhooks are rate limited like sign-in and the contact form:
 * past the limit a 429 with Retry-After and the error envelope, counted by limit; a client that
 * writes a fresh X-Forwarded-For on every try is still one address unless TRUST_PROXY is set.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Counters, createLogger, parseConfig, type Bus, type Database } from '@lp/runtime';
import { GatewayConfigSchema } from '../config.ts';
import { createLotCache } from '../site/lots/lot-cache.ts';
import { clearRateCounters, openGatewayTestDb } from '../testing/gateway-test-db.ts';
import { errorHandler } from '../middleware/error-handler.ts';
import { parseJsonBodies } from '../middleware/parse-json-bodies.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { contactRoutes } from '../staff-api/contacts.ts';
import { emailEventRoutes } from '../edge/email-events.ts';
import { inboundRoutes } from '../edge/inbound-mail.ts';

type Envelope = { error: { code: string; message: string } };

const servers: Server[] = [];
let db: Database;
beforeAll(async () => {
  db = await openGatewayTestDb();
}, 180_000);
afterAll(() => db?.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  await clearRateCounters(db);
});

async function gateway(env: Record<string, string>) {
  const log = createLogger('test', 'silent');
  const config = parseConfig(GatewayConfigSchema, { WEBHOOK_SECRET: 'a-webhook-secret-of-16+', ...env });
  const counters = new Counters();
  const app = new Koa<GatewayState>({ proxy: config.TRUST_PROXY, maxIpsCount: config.TRUST_PROXY_HOPS });
  app.use(async (ctx, next) => {
    ctx.state.log = log;
    ctx.state.reqId = 'test';
    const user = Number(ctx.get('x-test-user') || 1);
    ctx.state.session = { userId: user, username: `staff${user}`, sessionId: user, role: 'staff' };
    await next();
  });
  app.use(errorHandler());
  app.use(parseJsonBodies());
  const deps = { config, bus: {} as Bus, knex: db.knex, log, counters, lots: createLotCache() };
  for (const r of [contactRoutes(deps), emailEventRoutes(deps), inboundRoutes(deps)]) app.use(r.routes());
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (path: string, headers: Record<string, string> = {}, body = '[]') =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { post, counters };
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await res.json()) as Envelope).error.code).toBe('rate_limited');
}

describe('rate limits on the CSV import and the provider webhooks', () => {
  it('limits imports per staff user and per address, whatever X-Forwarded-For says', async () => {
    const { post, counters } = await gateway({ IMPORT_RATE_LIMIT: '2' });
    // Under the limit the request reaches the import (which refuses a body that is not an upload).
    for (let i = 0; i < 2; i++)
      expect((await post('/api/marketing/contacts/import', { 'x-forwarded-for': `10.0.0.${i}` })).status).toBe(400);
    await expectLimited(await post('/api/marketing/contacts/import', { 'x-forwarded-for': '10.9.9.9' }));
    // Another account from the same address is limited too (per address) …
    await expectLimited(await post('/api/marketing/contacts/import', { 'x-test-user': '2' }));
    expect(await counters.registry.getSingleMetricAsString('gateway_rate_limited_total')).toContain(
      'gateway_rate_limited_total{limit="contact_import"} 2',
    );
  });

  it('limits imports per staff user across addresses behind a trusted proxy', async () => {
    const { post } = await gateway({ IMPORT_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
    for (let i = 0; i < 2; i++)
      expect((await post('/api/marketing/contacts/import', { 'x-forwarded-for': `10.0.0.${i}` })).status).toBe(400);
    await expectLimited(await post('/api/marketing/contacts/import', { 'x-forwarded-for': '10.0.0.7' }));
    // Another account at another address the proxy vouches for is not.
    const other = await post('/api/marketing/contacts/import', { 'x-forwarded-for': '10.0.0.8', 'x-test-user': '2' });
    expect(other.status).toBe(400);
  });

  for (const path of ['/api/email-events/sendgrid', '/api/inbound/postmark'])
    it(`limits ${path} per address before the secret is checked`, async () => {
      const { post, counters } = await gateway({ WEBHOOK_RATE_LIMIT: '3' });
      for (let i = 0; i < 3; i++)
        expect((await post(`${path}?secret=guess-${i}`, { 'x-forwarded-for': `192.0.2.${i}` })).status).toBe(401);
      const limited = await post(`${path}?secret=a-webhook-secret-of-16+`, { 'x-forwarded-for': '192.0.2.200' });
      await expectLimited(limited);
      const name = path.includes('inbound') ? 'inbound_mail' : 'email_events';
      expect(await counters.registry.getSingleMetricAsString('gateway_rate_limited_total')).toContain(
        `gateway_rate_limited_total{limit="${name}"} 1`,
      );
    });

  it('keeps the webhook limit per forwarded address when TRUST_PROXY is set', async () => {
    const { post } = await gateway({ WEBHOOK_RATE_LIMIT: '1', TRUST_PROXY: 'true' });
    expect((await post('/api/email-events/sendgrid?secret=x', { 'x-forwarded-for': '192.0.2.1' })).status).toBe(401);
    await expectLimited(await post('/api/email-events/sendgrid?secret=x', { 'x-forwarded-for': '192.0.2.1' }));
    expect((await post('/api/email-events/sendgrid?secret=x', { 'x-forwarded-for': '192.0.2.2' })).status).toBe(401);
  });
});
