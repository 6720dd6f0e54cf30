/**
 * Route latency over real HTTP: the histogram is labelled by the matched route pattern (never
 * the raw URL), the method and the status class the error handler settled on, and a staff
 * route whose service answers a reply that fails its schema gives the 502 envelope.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC } from '@lp/contracts';
import { Counters, createLogger, MemoryBus, parseConfig, type Knex } from '@lp/runtime';
import { GatewayConfigSchema } from '../config.ts';
import { createRouter } from '../routes/context.ts';
import { formSubmissionRoutes } from '../staff-api/form-submissions.ts';
import { errorHandler } from './error-handler.ts';
import { measureRequests } from './measure-requests.ts';
import type { GatewayState } from './request-context.ts';
import { createLotCache } from '../site/lots/lot-cache.ts';

describe('request metrics', () => {
  const counters = new Counters();
  const bus = new MemoryBus();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const log = createLogger('test', 'silent');
    // A crm that answers its stats with the wrong shape; the mailer answers properly.
    await bus.serve(RPC.crm.stats.subject, 'svc-crm', async () => ({ ok: true, data: { totalContacts: 'many' } }));
    await bus.serve(RPC.mailer.stats.subject, 'svc-mailer', async () => ({ ok: true, data: { totalCampaigns: 2 } }));
    const app = new Koa<GatewayState>();
    app.use(measureRequests(counters));
    app.use(async (ctx, next) => {
      ctx.state.log = log;
      ctx.state.reqId = 'test';
      await next();
    });
    app.use(errorHandler());
    const things = createRouter({ prefix: '/api/things' });
    things.get('/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    const marketing = formSubmissionRoutes({
      config: parseConfig(GatewayConfigSchema, {}),
      bus,
      knex: {} as Knex,
      log,
      counters,
      lots: createLotCache(),
    });
    for (const r of [things, marketing]) app.use(r.routes()).use(r.allowedMethods());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('labels latency by route pattern, method and status class, never by the raw URL', async () => {
    for (const id of ['1', '2', 'abc']) expect((await fetch(`${base}/api/things/${id}?utm=x`)).status).toBe(200);
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
    const text = await counters.toPrometheus();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/things/:id",status_class="2xx"} 3',
    );
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/things\/:id"/);
    expect(text).not.toContain('/api/things/1');
    expect(text).not.toContain('utm');
  });

  it("answers a 502 envelope when a service's reply fails its schema, and measures it as 5xx", async () => {
    const res = await fetch(`${base}/api/marketing/stats`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'internal', message: 'Unexpected reply from a service' } });
    expect(await counters.toPrometheus()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/marketing/stats",status_class="5xx"} 1',
    );
  });
});
