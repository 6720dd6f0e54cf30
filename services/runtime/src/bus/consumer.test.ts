import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DURABLES, STREAMS, SUBJECTS } from '@lp/contracts';
import { PermanentError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { Counters } from '../metrics.ts';
import { startConsumer } from './consumer.ts';
import type { ParkedMessage } from './dead-letters/park-dead-letter.ts';
import { MemoryBus } from './memory-bus.ts';
import type { Bus, MessageHandler } from './types.ts';

const durable = DURABLES.crmSubmissions;
const subject = SUBJECTS.submissionReceived;
const Schema = v.object({ id: v.string(), n: v.number() });
const log = createLogger('consumer-test', 'silent');

/** The embedded bus, counting every delivery the template receives. */
async function countingBus(): Promise<{ bus: Bus; deliveries: () => number }> {
  const inner = new MemoryBus({ topology: { ackWaitMs: 5_000 } });
  await inner.ensureTopology({ streams: [STREAMS.crm], durables: [] });
  let count = 0;
  const bus = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'consume')
        return (d: typeof durable, handler: MessageHandler, opts: object) =>
          target.consume(
            d,
            (m) => {
              count++;
              return handler(m);
            },
            opts,
          );
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bus, deliveries: () => count };
}

describe('consumer template: messages that can never succeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function run(opts: { handle?: () => Promise<void>; park?: (m: ParkedMessage) => Promise<void> } = {}) {
    const { bus, deliveries } = await countingBus();
    const counters = new Counters();
    const parked: ParkedMessage[] = [];
    const handled: unknown[] = [];
    const consumer = await startConsumer(bus, {
      durable,
      schema: Schema,
      log,
      counters,
      park: opts.park ?? (async (m) => void parked.push(m)),
      handle: opts.handle ?? (async (e) => void handled.push(e)),
    });
    return { bus, deliveries, counters, parked, handled, consumer };
  }

  it('parks a message that fails its schema, counts it, and never delivers it again', async () => {
    const t = await run();
    await t.bus.publish(subject, { id: 'e1', n: 'not a number' }, { msgId: 'm1', headers: { 'x-request-id': 'r1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.parked).toHaveLength(1);
    const letter = t.parked[0]!;
    expect(letter).toMatchObject({
      stream: durable.stream,
      subject,
      msgId: 'm1',
      durable: durable.name,
      reason: 'invalid',
    });
    expect(letter.headers['x-request-id']).toBe('r1');
    expect(JSON.parse(Buffer.from(letter.payload).toString('utf8'))).toEqual({ id: 'e1', n: 'not a number' });
    expect(letter.detail).toContain('n');
    expect(t.counters.get('bus_dead_letters_total', { durable: durable.name, reason: 'invalid' })).toBe(1);
    // Past every ack wait and retry delay: still one delivery, nothing handled.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.deliveries()).toBe(1);
    expect(t.handled).toEqual([]);
    await t.consumer.stop();
    await t.bus.close();
  });

  it('parks a message whose text PostgreSQL cannot store as invalid, naming the field, never handled', async () => {
    const t = await run();
    await t.bus.publish(subject, { id: 'e\u0000', n: 1 }, { msgId: 'm3' });
    await t.bus.publish(subject, { id: 'x \ud800', n: 2 }, { msgId: 'm4' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.parked.map((p) => [p.reason, JSON.parse(p.detail)])).toEqual([
      ['invalid', { nested: { id: ['Contains a character that is not allowed'] } }],
      ['invalid', { nested: { id: ['Contains a character that is not allowed'] } }],
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.deliveries()).toBe(2);
    expect(t.handled).toEqual([]);
    await t.consumer.stop();
    await t.bus.close();
  });

  it('parks a PermanentError from the handler with its message as the detail', async () => {
    const t = await run({
      handle: async () => {
        throw new PermanentError('value out of range');
      },
    });
    await t.bus.publish(subject, { id: 'e2', n: 1 }, { msgId: 'm2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.parked.map((p) => [p.reason, p.detail])).toEqual([['permanent', 'value out of range']]);
    expect(t.counters.get('bus_dead_letters_total', { durable: durable.name, reason: 'permanent' })).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.deliveries()).toBe(1);
    await t.consumer.stop();
    await t.bus.close();
  });

  it('retries a transient failure with back-off, and handles the message once it succeeds', async () => {
    let calls = 0;
    const t = await run({
      handle: async () => {
        calls++;
        if (calls < 3) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    });
    await t.bus.publish(subject, { id: 'e3', n: 1 }, { msgId: 'm3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(500); // first retry after 500 ms
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1000); // then after 1 s
    expect(calls).toBe(3);
    expect(t.parked).toEqual([]);
    expect(t.counters.get('bus_messages_retried_total', { durable: durable.name })).toBe(2);
    expect(t.counters.get('bus_messages_handled_total', { durable: durable.name })).toBe(1);
    await t.consumer.stop();
    await t.bus.close();
  });

  it('keeps a message it could not park and parks it on a later delivery', async () => {
    let parkTries = 0;
    const parked: ParkedMessage[] = [];
    const t = await run({
      park: async (m) => {
        parkTries++;
        if (parkTries === 1) throw new Error('database away');
        parked.push(m);
      },
    });
    await t.bus.publish(subject, 'not an object', { msgId: 'm4' });
    await vi.advanceTimersByTimeAsync(0);
    expect(parked).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(parked.map((p) => p.reason)).toEqual(['invalid']);
    expect(t.counters.get('bus_dead_letters_total', { durable: durable.name, reason: 'invalid' })).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.deliveries()).toBe(2);
    await t.consumer.stop();
    await t.bus.close();
  });
});

describe('consumer template: the request id a message carries', () => {
  it("is in every line the handler logs, beside the event's id; a message without one logs without it", async () => {
    const { bus } = await countingBus();
    const bindings: Record<string, unknown>[] = [];
    const consumer = await startConsumer(bus, {
      durable,
      schema: Schema,
      log,
      park: async () => {},
      handle: async (_e, _m, handlerLog) => void bindings.push(handlerLog.bindings()),
    });
    await bus.publish(subject, { id: 'e1', n: 1 }, { msgId: 'm1', headers: { 'x-request-id': 'req-abc-123' } });
    await bus.publish(subject, { id: 'e2', n: 2 }, { msgId: 'm2' });
    await vi.waitFor(() => expect(bindings).toHaveLength(2));
    await consumer.stop();
    const byEvent = new Map(bindings.map((b) => [b.eventId, b]));
    expect(byEvent.get('e1')).toMatchObject({ reqId: 'req-abc-123', subject });
    expect(byEvent.get('e2')).not.toHaveProperty('reqId');
  });
});
