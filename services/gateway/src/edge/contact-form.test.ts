/**
 * A form submission the bus does not store, whatever the bus's reason, is answered 503 with the clear
 * message and counted by reason — never 500, never a false 201.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BusUnavailableError,
  Counters,
  createLogger,
  NoStreamError,
  parseConfig,
  PayloadTooLargeError,
  type Bus,
  type Database,
} from '@lp/runtime';
import { GatewayConfigSchema } from '../config.ts';
import { errorHandler } from '../middleware/error-handler.ts';
import { parseJsonBodies } from '../middleware/parse-json-bodies.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { contactFormRoutes } from './contact-form.ts';
import { createLotCache } from '../site/lots/lot-cache.ts';
import { openGatewayTestDb } from '../testing/gateway-test-db.ts';

const submission = {
  firstName: 'Dana',
  lastName: 'Yazzie',
  phone: '9285550177',
  email: 'dana@example.com',
  source: 'market',
  website: '',
  elapsedMs: 5000,
};

describe('POST /api/contact when the bus does not store the submission', () => {
  let failure: Error = new Error('unset');
  const counters = new Counters();
  const bus = {
    publish: async () => {
      throw failure;
    },
  } as unknown as Bus;
  let server: Server;
  let base: string;
  let db: Database;

  beforeAll(async () => {
    db = await openGatewayTestDb();
    const log = createLogger('test', 'silent');
    const app = new Koa<GatewayState>();
    app.use(async (ctx, next) => {
      ctx.state.log = log;
      ctx.state.reqId = 'test';
      await next();
    });
    app.use(errorHandler());
    app.use(parseJsonBodies());
    const config = parseConfig(GatewayConfigSchema, { CONTACT_RATE_LIMIT: '100' });
    const router = contactFormRoutes({ config, bus, knex: db.knex, log, counters, lots: createLotCache() });
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    await db?.close();
  });

  for (const err of [
    new BusUnavailableError('nats away'),
    new NoStreamError('no stream stores crm.submission.received'),
    new PayloadTooLargeError(2_000_000, 1_048_576),
  ])
    it(`answers 503 for ${err.name}`, async () => {
      failure = err;
      const res = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(submission),
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('unavailable');
      expect(body.error.message).toMatch(/could not send your message/i);
      expect(counters.get('gateway_submissions_failed_total', { reason: err.name })).toBe(1);
    });
});
