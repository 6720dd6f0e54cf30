import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DurableSpec, StreamSpec } from '@lp/contracts';
import { MemoryBus } from './memory-bus.ts';
import { createMemoryStore } from './memory-store.ts';

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
