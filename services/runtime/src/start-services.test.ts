/**
 * The one boot path of service declarations: the bus is given exactly the streams and durables
 * the declarations name, a consumer of an undeclared stream is refused at boot, and request
 * handlers and consumers start (and stop) from the declaration alone.
 */
import type { Knex } from 'knex';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DURABLES, STREAMS, SUBJECTS, type RpcSpec } from '@lp/contracts';
import { MemoryBus } from './bus/memory-bus.ts';
import { callRpc } from './bus/rpc.ts';
import { described, env, parseConfig, RuntimeConfigSchema } from './config.ts';
import { createLogger } from './logger.ts';
import { Counters } from './metrics.ts';
import { answerRpc, defineConsumer, serviceSettings, type ServiceDefinition } from './service.ts';
import { startServices, topologyOf } from './start-services.ts';

const log = createLogger('test', 'silent');
const Ping = {
  subject: 'rpc.test.ping.get',
  input: v.object({ n: v.number() }),
  output: v.object({ pong: v.number() }),
} as const satisfies RpcSpec;

const base = { schema: 'test', migrationsDir: '/nowhere', consumers: [], rpcs: [] };

describe('startServices', () => {
  it('ensures only the declared streams and durables, then starts handlers and consumers', async () => {
    const stored: unknown[] = [];
    const crmLike: ServiceDefinition = {
      ...base,
      name: 'crm',
      streams: [STREAMS.crm],
      consumers: [
        defineConsumer({
          durable: DURABLES.crmSubmissions,
          schema: v.object({ id: v.string() }),
          handle: async (event) => void stored.push(event),
        }),
      ],
      rpcs: [answerRpc(Ping, async ({ n }) => ({ pong: n + 1 }))],
    };
    const bus = new MemoryBus();
    const counters = new Counters();
    const running = await startServices([crmLike], {
      bus,
      knex: {} as Knex,
      log,
      counters,
      config: parseConfig(RuntimeConfigSchema, {}),
    });

    expect(await callRpc(bus, Ping, { n: 1 }, { log })).toEqual({ pong: 2 });
    await bus.publish(SUBJECTS.submissionReceived, { id: 'a' }, { msgId: 'a' });
    await expect.poll(() => stored).toEqual([{ id: 'a' }]);
    // No declaration names the ANALYTICS stream, so the bus does not store its subjects.
    await expect(bus.publish(SUBJECTS.pageviewsRecorded, { id: 'b' }, { msgId: 'b' })).rejects.toThrow();
    expect(await counters.toPrometheus()).toMatch(/^bus_pending_messages\{durable="crm-submissions"\} 0$/m);

    await running.stop();
    await expect(callRpc(bus, Ping, { n: 1 }, { log })).rejects.toMatchObject({ status: 503 });
  });

  it('starts nothing while a service has a bad setting, and hands each service its own settings', async () => {
    const seen: unknown[] = [];
    const withSettings: ServiceDefinition = {
      ...base,
      name: 'crm',
      streams: [STREAMS.crm],
      settings: serviceSettings({ CRM_PAGE: described(env.int(50, 1, 500), 'rows per page') }),
      rpcs: [
        answerRpc(Ping, async ({ n }, deps) => {
          seen.push(deps.settings);
          return { pong: n };
        }),
      ],
    };
    const bus = new MemoryBus();
    let ensured = 0;
    const ensureTopology = bus.ensureTopology.bind(bus);
    bus.ensureTopology = async (t) => {
      ensured++;
      return ensureTopology(t);
    };
    const deps = { bus, knex: {} as Knex, log, counters: new Counters(), config: parseConfig(RuntimeConfigSchema, {}) };
    await expect(startServices([withSettings], deps, { CRM_PAGE: '0' })).rejects.toThrow(/crm: CRM_PAGE: /);
    expect(ensured).toBe(0);
    const running = await startServices([withSettings], deps, { CRM_PAGE: '20' });
    await callRpc(bus, Ping, { n: 1 }, { log });
    expect(seen).toEqual([{ CRM_PAGE: 20 }]);
    await running.stop();
  });

  it('refuses a declaration whose consumer reads a stream it does not declare', () => {
    const wrong: ServiceDefinition = {
      ...base,
      name: 'analytics',
      streams: [STREAMS.crm],
      consumers: [defineConsumer({ durable: DURABLES.analyticsEvents, schema: v.unknown(), handle: async () => {} })],
    };
    expect(() => topologyOf([wrong])).toThrow(/consumes analytics-events from stream ANALYTICS/);
  });

  it('merges the declarations of one process: each stream and durable once', () => {
    const gateway: ServiceDefinition = { ...base, name: 'gateway', streams: [STREAMS.crm, STREAMS.analytics] };
    const crm: ServiceDefinition = {
      ...base,
      name: 'crm',
      streams: [STREAMS.crm],
      consumers: [defineConsumer({ durable: DURABLES.crmSubmissions, schema: v.unknown(), handle: async () => {} })],
    };
    const t = topologyOf([gateway, crm]);
    expect(t.streams.map((s) => s.name)).toEqual(['CRM', 'ANALYTICS']);
    expect(t.durables.map((d) => d.name)).toEqual(['crm-submissions']);
  });
});
