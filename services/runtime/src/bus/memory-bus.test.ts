import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DurableSpec, StreamSpec } from '@lp/contracts';
import { SPILL_TO_STORE_BYTES, MemoryBus } from './memory-bus.ts';
import { createMemoryStore, type StoredMessage } from './memory-store.ts';

const stream = (limits: Partial<StreamSpec['limits']>): StreamSpec => ({
  name: 'T',
  subjects: ['t.>'],
  limits: { maxAgeMs: 3_600_000, maxBytes: 1 << 20, maxMsgs: 1000, duplicateWindowMs: 60_000, ...limits },
});
const reader = (name: string): DurableSpec => ({ stream: 'T', name, filterSubject: 't.>' });

async function replayed(bus: MemoryBus, name: string): Promise<number[]> {
  const got: number[] = [];
  const c = await bus.consume(reader(name), async (m) => {
    got.push((m.json() as { i: number }).i);
    m.ack();
  });
  await vi.advanceTimersByTimeAsync(0);
  await c.stop();
  return got;
}

describe('embedded bus retention', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drops messages older than the stream maxAge, read or not, and tells storage', async () => {
    const deleted: [string, number][] = [];
    const store = {
      ...createMemoryStore(),
      deleteThrough: async (s: string, seq: number) => void deleted.push([s, seq]),
    };
    const bus = new MemoryBus({ store });
    await bus.ensureTopology({ streams: [stream({ maxAgeMs: 120_000 })], durables: [] });
    await bus.publish('t.a', { i: 1 }, { msgId: 'a' });
    await vi.advanceTimersByTimeAsync(90_000);
    await bus.publish('t.a', { i: 2 }, { msgId: 'b' });
    expect(await replayed(bus, 'r1')).toEqual([1, 2]);
    // Nobody publishes: the periodic (one-minute) check still expires the first one.
    await vi.advanceTimersByTimeAsync(90_000);
    expect(await replayed(bus, 'r2')).toEqual([2]);
    expect(deleted).toEqual([['T', 1]]);
    await bus.close();
  });

  it('keeps the stream under maxBytes by dropping the oldest', async () => {
    const bus = new MemoryBus();
    await bus.ensureTopology({ streams: [stream({ maxBytes: 300 })], durables: [] });
    for (let i = 0; i < 10; i++) await bus.publish('t.a', { i, pad: 'x'.repeat(40) }, { msgId: `m${i}` });
    const kept = await replayed(bus, 'r');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(10);
    expect(kept).toEqual([...Array(10).keys()].slice(10 - kept.length));
    await bus.close();
  });
});

describe('embedded bus: a consumer stopped with a backlog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops within its grace; what it did not finish goes to the next consumer, stored once', async () => {
    const bus = new MemoryBus({ topology: { ackWaitMs: 30_000 } });
    await bus.ensureTopology({ streams: [stream({})], durables: [] });
    for (let i = 0; i < 500; i++) await bus.publish('t.a', { i }, { msgId: `m${i}` });
    // One database: batches commit one after another, 50 ms each, and storing one twice is a no-op.
    const stored = new Set<number>();
    let db = Promise.resolve();
    const store = (i: number) =>
      (db = db.then(() => new Promise<void>((r) => setTimeout(r, 50)).then(() => void stored.add(i))));
    const first = await bus.consume(
      reader('slow'),
      async (m) => {
        await store((m.json() as { i: number }).i);
        m.ack();
      },
      { maxInFlight: 64, stopGraceMs: 2_000 },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    const before = stored.size;
    expect(before).toBeGreaterThan(0);

    let stoppedAt: number | undefined;
    const startedAt = Date.now();
    void first.stop().then(() => (stoppedAt = Date.now()));
    await vi.advanceTimersByTimeAsync(2_100);
    // 64 held × 50 ms is 3.2 s: the stop hands back what it could not finish in its 2 s.
    expect(stoppedAt).toBeDefined();
    expect(stoppedAt! - startedAt).toBeLessThanOrEqual(2_000);

    const deliveries = new Map<number, number>();
    const next = await bus.consume(reader('slow'), async (m) => {
      const { i } = m.json() as { i: number };
      deliveries.set(i, (deliveries.get(i) ?? 0) + 1);
      await store(i);
      m.ack();
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(stored.size).toBe(500);
    // The next consumer got every message the first did not acknowledge, each once.
    expect(deliveries.size).toBeGreaterThanOrEqual(500 - before - 64);
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
    expect(await bus.pendingMessages(reader('slow'))).toBe(0);
    await next.stop();
    await bus.close();
  });
});

describe('embedded bus memory', () => {
  /** A store that keeps what it is given, as the PGlite store does. */
  const keepingStore = () => {
    const rows: StoredMessage[] = [];
    return {
      ...createMemoryStore(),
      append: async (m: StoredMessage) => void rows.push(m),
      readFrom: async (s: string, after: number, through: number) =>
        rows.filter((m) => m.stream === s && m.seq > after && m.seq <= through),
    };
  };

  it('leaves a payload to the store once every durable has passed it, and reads it back for a durable created later', async () => {
    const bus = new MemoryBus({ store: keepingStore() });
    await bus.ensureTopology({ streams: [stream({})], durables: [reader('a'), reader('b')] });
    for (let i = 1; i <= 5; i++) await bus.publish('t.x', { i }, { msgId: `m${i}` });

    const seen: number[] = [];
    const a = await bus.consume(reader('a'), async (m) => {
      seen.push((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(() => seen.length === 5);
    await a.stop();
    // 'b' has read nothing: every payload is still at hand for it.
    expect(bus.messageAt('T', 1)).toBeDefined();

    const b = await bus.consume(reader('b'), async (m) => m.ack());
    await eventually(() => bus.messageAt('T', 5) === undefined);
    await b.stop();
    expect([1, 2, 3, 4].map((seq) => bus.messageAt('T', seq))).toEqual([undefined, undefined, undefined, undefined]);

    // A durable created now starts at the oldest retained message, payloads read back.
    const late: number[] = [];
    const c = await bus.consume(reader('c'), async (m) => {
      late.push((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(() => late.length === 5);
    await c.stop();
    expect(late).toEqual([1, 2, 3, 4, 5]);
    await bus.close();
  });

  it('leaves a large payload to the store at once and reads it back for its consumer, a nak included', async () => {
    const bus = new MemoryBus({ store: keepingStore(), maxPayload: 1 << 20 });
    await bus.ensureTopology({
      streams: [stream({ maxBytes: 8 << 20 })],
      durables: [reader('a')],
    });
    const big = 'x'.repeat(SPILL_TO_STORE_BYTES + 1);
    await bus.publish('t.x', { i: 1, big }, { msgId: 'big1' });
    await bus.publish('t.x', { i: 2 }, { msgId: 'small2' });
    await bus.publish('t.x', { i: 3, big }, { msgId: 'big3' });
    // Only the small one is still held before any consumer has read anything.
    expect([1, 2, 3].map((seq) => bus.messageAt('T', seq) !== undefined)).toEqual([false, true, false]);

    const seen: { i: number; size: number }[] = [];
    let naked = false;
    const a = await bus.consume(reader('a'), async (m) => {
      const body = m.json() as { i: number; big?: string };
      if (body.i === 3 && !naked) {
        naked = true;
        return m.nak();
      }
      seen.push({ i: body.i, size: body.big?.length ?? 0 });
      m.ack();
    });
    await eventually(() => seen.length === 3);
    await a.stop();
    expect(seen.sort((x, y) => x.i - y.i)).toEqual([
      { i: 1, size: big.length },
      { i: 2, size: 0 },
      { i: 3, size: big.length },
    ]);
    await bus.close();
  });

  it('keeps every payload when its store cannot give them back', async () => {
    const bus = new MemoryBus({ store: createMemoryStore() });
    await bus.ensureTopology({ streams: [stream({})], durables: [reader('a')] });
    await bus.publish('t.x', { i: 1 }, { msgId: 'm1' });
    let done = false;
    const a = await bus.consume(reader('a'), async (m) => {
      m.ack();
      done = true;
    });
    await eventually(() => done);
    await a.stop();
    expect(bus.messageAt('T', 1)?.data).toBe('{"i":1}');
    await bus.close();
  });
});

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}
