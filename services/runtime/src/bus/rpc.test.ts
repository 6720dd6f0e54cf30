/**
 * Typed request/reply over the embedded bus: the serving side refuses input that fails the
 * declaration's input schema (400 with field errors), the caller refuses a reply that fails
 * its output schema (a logged 502), and a well-formed reply arrives parsed and typed.
 */
import { pino } from 'pino';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { LONG_ANSWER_TIMEOUT_MS, RPC, type RpcSpec } from '@lp/contracts';
import { AppError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { MemoryBus } from './memory-bus.ts';
import { callRpc, serveRpc, UnexpectedReplyError } from './rpc.ts';

const silent = createLogger('test', 'silent');

/** A logger whose error lines the test can read. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

const Greet = {
  subject: 'rpc.test.greetings.get',
  input: v.object({ name: v.pipe(v.string(), v.minLength(1, 'Name is required')) }),
  output: v.object({ greeting: v.string(), length: v.number() }),
} as const satisfies RpcSpec;

describe('typed RPC', () => {
  it('answers a valid request with a reply typed and checked by its declaration', async () => {
    const bus = new MemoryBus();
    await serveRpc(bus, Greet, {
      queue: 'svc-test',
      log: silent,
      handle: async ({ name }) => ({ greeting: `Hello ${name}`, length: name.length }),
    });
    const reply = await callRpc(bus, Greet, { name: 'Page' }, { log: silent });
    expect(reply).toEqual({ greeting: 'Hello Page', length: 4 });
  });

  it('refuses input that fails the input schema with 400 and the field errors', async () => {
    const bus = new MemoryBus();
    let handled = 0;
    await serveRpc(bus, Greet, {
      queue: 'svc-test',
      log: silent,
      handle: async () => {
        handled++;
        return { greeting: '', length: 0 };
      },
    });
    const err = await callRpc(bus, Greet, { name: '' }, { log: silent }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).toEnvelope()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields need attention',
        details: { fields: { name: ['Name is required'] } },
      },
    });
    expect(handled).toBe(0);
  });

  it('refuses text PostgreSQL cannot store (NUL, an unpaired surrogate) with 400 naming the field', async () => {
    const bus = new MemoryBus();
    let handled = 0;
    await serveRpc(bus, Greet, {
      queue: 'svc-test',
      log: silent,
      handle: async ({ name }) => {
        handled++;
        return { greeting: name, length: name.length };
      },
    });
    for (const name of ['a\u0000b', 'x \ud800', '\udc00x']) {
      const err = await callRpc(bus, Greet, { name }, { log: silent }).catch((e: unknown) => e);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).details).toEqual({ fields: { name: ['Contains a character that is not allowed'] } });
    }
    expect(handled).toBe(0);
    expect(await callRpc(bus, Greet, { name: '🏠 lot' }, { log: silent })).toEqual({ greeting: '🏠 lot', length: 6 });
  });

  it('turns a reply that fails its schema into a logged 502 envelope', async () => {
    const bus = new MemoryBus();
    // A crm of another version: counts as strings.
    await bus.serve(RPC.crm.stats.subject, 'svc-crm', async () => ({
      ok: true,
      data: { totalContacts: '3', totalLists: 0, totalSubmissions: 1 },
    }));
    const { log, lines } = recordingLogger();
    const err = await callRpc(bus, RPC.crm.stats, {}, { log, reqId: 'r-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedReplyError);
    expect((err as AppError).status).toBe(502);
    expect((err as AppError).toEnvelope()).toEqual({
      error: { code: 'internal', message: 'Unexpected reply from a service' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ rpc: 'rpc.crm.stats.get', msg: 'reply does not match its schema' });
    expect(JSON.stringify(lines[0])).toContain('totalContacts');
  });

  it('turns a reply that is no reply envelope at all into a 502', async () => {
    const bus = new MemoryBus();
    await bus.serve(RPC.mailer.stats.subject, 'svc-mailer', async () => 'hello');
    const { log, lines } = recordingLogger();
    await expect(callRpc(bus, RPC.mailer.stats, {}, { log })).rejects.toMatchObject({ status: 502 });
    expect(lines).toHaveLength(1);
  });

  it('passes a service error through with its status and code, and says 503 when nobody answers', async () => {
    const bus = new MemoryBus();
    await serveRpc(bus, RPC.content.articleGet, {
      queue: 'svc-content',
      log: silent,
      handle: async () => {
        throw new AppError(404, 'not_found', 'Article not found');
      },
    });
    await expect(callRpc(bus, RPC.content.articleGet, { slug: 'x' }, { log: silent })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(callRpc(bus, RPC.crm.stats, {}, { log: silent })).rejects.toMatchObject({
      status: 503,
      code: 'unavailable',
    });
  });

  it('waits as long as a declaration says its answer may take, and 10 s for one that says nothing', async () => {
    vi.useFakeTimers();
    try {
      const bus = new MemoryBus();
      const Slow = { ...Greet, subject: 'rpc.test.slow-greetings.get', timeoutMs: 60_000 } as const satisfies RpcSpec;
      const slowly = async ({ name }: { name: string }) => {
        await new Promise((r) => setTimeout(r, 30_000));
        return { greeting: `Hello ${name}`, length: name.length };
      };
      await serveRpc(bus, Slow, { queue: 'svc-test', log: silent, handle: slowly });
      await serveRpc(bus, Greet, { queue: 'svc-test', log: silent, handle: slowly });
      const declared = callRpc(bus, Slow, { name: 'Page' }, { log: silent });
      const undeclared = callRpc(bus, Greet, { name: 'Page' }, { log: silent }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(30_000);
      await expect(declared).resolves.toEqual({ greeting: 'Hello Page', length: 4 });
      expect(await undeclared).toMatchObject({ status: 503, code: 'unavailable' });
      // The caller's own figure wins over the declaration's.
      const impatient = callRpc(bus, Slow, { name: 'Page' }, { log: silent, timeoutMs: 5_000 }).catch(
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await impatient).toMatchObject({ status: 503 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the analytics answers that may work out a year of visits the long wait', () => {
    for (const rpc of [
      RPC.analytics.webAnalytics,
      RPC.analytics.goalReport,
      RPC.analytics.funnel,
      RPC.analytics.refresh,
    ])
      expect(rpc.timeoutMs).toBe(LONG_ANSWER_TIMEOUT_MS);
    expect(LONG_ANSWER_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
  });
});
