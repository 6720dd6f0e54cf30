/**
 * Staff requests that the server reads and answers at its own pace, waiting on a service, still
 * get their answer past the gateway's idle and whole-request timeouts: an import whose chunk crm
 * holds (a crm replica killed mid-chunk is noticed only when the chunk's wait runs out), an
 * import read more slowly than the request timeout allows because crm stores it at that pace,
 * a big list duplicated with its contacts, a re-aggregation of a year of analytics, and a first
 * look at a goal report or a funnel (which works out a year of visits). The server's own waiting
 * must not count as a slow client; a slow client elsewhere still gets the 408.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_ANSWER_TIMEOUT_MS, RPC, type ImportChunkInput, type ImportResult } from '@lp/contracts';
import { Counters, createLogger, parseConfig, type Bus, type Knex } from '@lp/runtime';
import { GatewayConfigSchema } from '../config.ts';
import { createHttpServer } from '../http-server.ts';
import { createLotCache } from '../site/lots/lot-cache.ts';
import { errorHandler } from '../middleware/error-handler.ts';
import { parseJsonBodies } from '../middleware/parse-json-bodies.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { contactRoutes } from './contacts.ts';
import { goalRoutes } from './goals.ts';
import { listRoutes } from './lists.ts';
import { webAnalyticsRoutes } from './web-analytics.ts';

const IDLE_MS = 1000;
/** The whole-request timeout in the test whose import is read more slowly than this. */
const REQUEST_MS = 1000;
/** How long a service leaves a request unanswered: longer than the idle timeout. */
const UNANSWERED_MS = 1800;
const silence = () => new Promise((r) => setTimeout(r, UNANSWERED_MS));

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A crm that answers each chunk's second try only, the first after UNANSWERED_MS of silence. */
function crmLosingFirstTries() {
  const tries = new Map<number, number>();
  const stored = new Set<string>();
  const bus = {
    request: async (subject: string, payload: unknown) => {
      // An import reads the custom fields a column may fill first: none here.
      if (subject === RPC.crm.customFieldsList.subject) return { ok: true, data: [] };
      expect(subject).toBe(RPC.crm.contactsImportChunk.subject);
      const chunk = payload as ImportChunkInput;
      const n = (tries.get(chunk.seq) ?? 0) + 1;
      tries.set(chunk.seq, n);
      if (n === 1) {
        await silence();
        throw new Error('request timed out');
      }
      for (const row of chunk.rows) stored.add(row[0]);
      return { ok: true, data: { imported: chunk.rows.length, updated: 0, unchanged: 0, skipped: 0 } };
    },
  } as unknown as Bus;
  return { bus, tries, stored };
}

async function gateway(bus: Bus, env: Record<string, string> = {}) {
  const log = createLogger('test', 'silent');
  const config = parseConfig(GatewayConfigSchema, { HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS), ...env });
  // The audit log as the routes use it: an intent inserted, then its outcome set.
  const audit: Record<string, unknown>[] = [];
  const auditLog = () => ({
    insert: (row: Record<string, unknown>) => ({
      returning: async () => [{ id: audit.push({ ...row }) }],
    }),
    where: ({ id }: { id: string }) => ({
      update: async (change: Record<string, unknown>) => void Object.assign(audit[Number(id) - 1]!, change),
    }),
  });
  // Reached as knex('audit_log').withSchema('gateway') (the typed accessor) or knex.withSchema('gateway').table('audit_log').
  const knex = Object.assign(() => ({ withSchema: auditLog }), {
    fn: { now: () => new Date() },
    raw: () => ({}),
    withSchema: () => ({ table: auditLog }),
  }) as unknown as Knex;
  const app = new Koa<GatewayState>();
  app.silent = true;
  app.use(async (ctx, next) => {
    if (ctx.path === '/echo') {
      let read = 0;
      for await (const chunk of ctx.req) read += (chunk as Buffer).length;
      ctx.body = { read };
      return;
    }
    ctx.state.log = log;
    ctx.state.reqId = 'test';
    ctx.state.session = { userId: 1, username: 'staff1', sessionId: 1, role: 'staff' };
    await next();
  });
  app.use(errorHandler());
  app.use(parseJsonBodies());
  const deps = { config, bus, knex, log, counters: new Counters(), lots: createLotCache() };
  for (const routes of [contactRoutes(deps), listRoutes(deps), webAnalyticsRoutes(deps), goalRoutes(deps)])
    app.use(routes.routes());
  const server = createHttpServer(app.callback(), config);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, audit };
}

const csvForm = (rows: number) => {
  const csv = ['Email Address,First Name', ...Array.from({ length: rows }, (_, i) => `row${i}@example.com,Row`)];
  const form = new FormData();
  form.append('file', new Blob([csv.join('\n')], { type: 'text/csv' }), 'contacts.csv');
  return form;
};

describe('requests the server reads and answers at its own pace', () => {
  it('an import answers with every row once crm does', async () => {
    const crm = crmLosingFirstTries();
    const { base, audit } = await gateway(crm.bus);
    const res = await fetch(`${base}/api/marketing/contacts/import`, { method: 'POST', body: csvForm(1500) });

    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportResult;
    expect(body).toMatchObject({ imported: 1500, updated: 0, invalid: 0 });
    expect(crm.stored.size).toBe(1500);
    expect([...crm.tries.values()]).toEqual([2, 2]);
    expect(audit).toMatchObject([{ action: 'contacts.import', outcome: 'done' }]);
  });

  it('a refresh of the analytics answers once the analytics service does', async () => {
    const bus = {
      request: async (subject: string, payload: unknown) => {
        expect(subject).toBe(RPC.analytics.refresh.subject);
        await silence();
        return { ok: true, data: { ...(payload as object), from: '2025-11-25', to: '2026-11-24' } };
      },
    } as unknown as Bus;
    const { base } = await gateway(bus);

    const res = await fetch(`${base}/api/marketing-dashboard/refresh-analytics?days=365`, { method: 'POST' });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ days: 365, from: '2025-11-25', to: '2026-11-24' });
  });

  it('a first look at a goal report and a funnel answers once analytics has worked out the year', async () => {
    const waits: Record<string, number> = {};
    const bus = {
      request: async (subject: string, _payload: unknown, opts: { timeoutMs?: number } = {}) => {
        waits[subject] = opts.timeoutMs ?? 0;
        await silence();
        const period = {
          days: 365,
          from: '2025-11-25',
          to: '2026-11-24',
          filters: { source: 'google.com' },
          visitors: 7,
        };
        return {
          ok: true,
          data: subject === RPC.analytics.funnel.subject ? { ...period, steps: [] } : { ...period, goals: [] },
        };
      },
    } as unknown as Bus;
    const { base } = await gateway(bus);

    const [report, funnel] = await Promise.all([
      fetch(`${base}/api/marketing-dashboard/goal-conversions?days=365&source=google.com`),
      fetch(`${base}/api/marketing-dashboard/funnel?days=365&goals=1,2,3&source=google.com`),
    ]);

    expect([report.status, funnel.status]).toEqual([200, 200]);
    expect(await report.json()).toMatchObject({ days: 365, visitors: 7, goals: [] });
    expect(await funnel.json()).toMatchObject({ days: 365, visitors: 7, steps: [] });
    expect(waits).toEqual({
      [RPC.analytics.goalReport.subject]: LONG_ANSWER_TIMEOUT_MS,
      [RPC.analytics.funnel.subject]: LONG_ANSWER_TIMEOUT_MS,
    });
  });

  it('a list duplicated with its contacts answers once crm has copied them, however long that took', async () => {
    let callerWaits = 0;
    const bus = {
      request: async (subject: string, _payload: unknown, opts: { timeoutMs?: number } = {}) => {
        expect(subject).toBe(RPC.crm.listDuplicate.subject);
        callerWaits = opts.timeoutMs ?? 0;
        await silence();
        const list = { id: 9, name: 'Buyers (Copy)', description: null, contact_count: 250_000 };
        return {
          ok: true,
          data: { ...list, created_at: '2026-11-24T16:00:00.000Z', updated_at: '2026-11-24T16:00:00.000Z', version: 1 },
        };
      },
    } as unknown as Bus;
    const { base } = await gateway(bus);

    const res = await fetch(`${base}/api/marketing/lists/3/duplicate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Buyers (Copy)', copyContacts: true }),
    });

    expect(res.status).toBe(201);
    expect(((await res.json()) as { contact_count: number }).contact_count).toBe(250_000);
    // Copying 1,000,000 members took about 7 s on a 2-core machine: crm gets far longer than that.
    expect(callerWaits).toBeGreaterThanOrEqual(60_000);
  });

  it('an import read more slowly than the request timeout, at the pace crm stores it, answers', async () => {
    // 40 chunks of 1,000 rows, four in flight, each stored in 250 ms: about 2.5 s to read the file.
    const stored = new Set<string>();
    const bus = {
      request: async (subject: string, payload: unknown) => {
        if (subject === RPC.crm.customFieldsList.subject) return { ok: true, data: [] };
        const chunk = payload as ImportChunkInput;
        await new Promise((r) => setTimeout(r, 250));
        for (const row of chunk.rows) stored.add(row[0]);
        return { ok: true, data: { imported: chunk.rows.length, updated: 0, unchanged: 0, skipped: 0 } };
      },
    } as unknown as Bus;
    const { base } = await gateway(bus, {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(REQUEST_MS),
    });
    const startedAt = Date.now();

    const res = await fetch(`${base}/api/marketing/contacts/import`, { method: 'POST', body: csvForm(40_000) });

    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportResult).imported).toBe(40_000);
    expect(stored.size).toBe(40_000);
    expect(Date.now() - startedAt).toBeGreaterThan(REQUEST_MS);
  });

  it('still answers 408 to a client that sends its body too slowly elsewhere', async () => {
    const { base } = await gateway({} as Bus, {
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(REQUEST_MS),
    });
    const { port } = new URL(base);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n');
    // A body byte every 100 ms: never idle, never done within the request timeout.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 100);
    await new Promise<void>((r) => socket.once('close', () => r()));
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
