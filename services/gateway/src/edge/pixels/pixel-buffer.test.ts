import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusUnavailableError, Counters, createLogger, type PublishOptions, type PublishResult } from '@lp/runtime';
import * as v from 'valibot';
import { createHitIngestion } from './ingest-pixel-hit.ts';
import { PixelBuffer, type HitBatch, type PixelBufferOptions } from './pixel-buffer.ts';

type Hit = { n: number };
type Call = { subject: string; batch: HitBatch<Hit>; msgId: string };

/** A bus that records publishes; `fail` decides per call whether the publish throws. */
function fakeBus(fail: (call: number) => boolean = () => false) {
  const calls: Call[] = [];
  let stored = 0;
  return {
    calls,
    stored: () => stored,
    publish: async (subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult> => {
      calls.push({ subject, batch: payload as HitBatch<Hit>, msgId: opts.msgId });
      if (fail(calls.length)) throw new BusUnavailableError('nats away');
      stored++;
      return { stream: 'ANALYTICS', seq: stored, duplicate: false };
    },
  };
}

const hits = (count: number, from = 0): Hit[] => Array.from({ length: count }, (_, i) => ({ n: from + i }));

describe('PixelBuffer', () => {
  let counters: Counters;
  const make = (bus: PixelBufferOptions['bus'], opts: Partial<PixelBufferOptions> = {}) =>
    new PixelBuffer<Hit>({
      kind: 'pageview',
      subject: 'analytics.pageviews.recorded',
      bus,
      log: createLogger('test', 'silent'),
      counters,
      // The mechanism under test, with small round numbers (the defaults are larger).
      maxHits: 200,
      maxWaitMs: 50,
      ...opts,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    counters = new Counters();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a buffer per partition: each batch holds one partition, full ones leave at once, the rest on time', async () => {
    const bus = fakeBus();
    const buf = make(bus, { partitions: 3, partitionOf: (h) => (h as Hit).n % 3, maxHits: 4 });
    // Partition 0 fills (0, 3, 6, 9) and leaves at once; 1 and 2 wait for the timer.
    for (const h of hits(10)) expect(buf.add(h)).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(bus.calls.map((c) => [c.batch.partition, c.batch.hits.map((h) => h.n)])).toEqual([[0, [0, 3, 6, 9]]]);
    expect(buf.pending).toBe(6);
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.calls.map((c) => [c.batch.partition, c.batch.hits.map((h) => h.n)])).toEqual([
      [0, [0, 3, 6, 9]],
      [1, [1, 4, 7]],
      [2, [2, 5, 8]],
    ]);
    expect(buf.pending).toBe(0);
    // Unpartitioned buffers send batches without a partition.
    const plain = fakeBus();
    const one = make(plain);
    one.add({ n: 1 });
    await one.drain();
    expect(plain.calls[0]!.batch).not.toHaveProperty('partition');
  });

  it('flushes on time: one batch 50 ms after its first hit, its event id as the msg id', async () => {
    const bus = fakeBus();
    const buf = make(bus);
    for (const h of hits(3)) expect(buf.add(h)).toBe(true);
    await vi.advanceTimersByTimeAsync(30);
    buf.add({ n: 3 });
    await vi.advanceTimersByTimeAsync(19);
    expect(bus.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bus.calls).toHaveLength(1);
    const [call] = bus.calls;
    expect(call!.subject).toBe('analytics.pageviews.recorded');
    expect(call!.msgId).toBe(call!.batch.id);
    expect(call!.batch).toMatchObject({ version: 1, hits: hits(4) });
    expect(counters.get('gateway_hit_batches_published_total', { kind: 'pageview' })).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(bus.calls).toHaveLength(1);
  });

  it('flushes on size: every 200 hits at once, the rest on time', async () => {
    const bus = fakeBus();
    const buf = make(bus);
    for (const h of hits(450)) buf.add(h);
    await vi.advanceTimersByTimeAsync(0);
    expect(bus.calls.map((c) => c.batch.hits.length)).toEqual([200, 200]);
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.calls.map((c) => c.batch.hits.length)).toEqual([200, 200, 50]);
    expect(bus.calls.flatMap((c) => c.batch.hits)).toEqual(hits(450));
    expect(new Set(bus.calls.map((c) => c.msgId)).size).toBe(3);
  });

  it('flushes before a batch would outgrow maxBytes', async () => {
    const bus = fakeBus();
    const buf = make(bus, { maxBytes: 100 });
    for (const h of hits(20)) buf.add(h); // {"n":0} is 7-8 bytes, +1 each
    await vi.advanceTimersByTimeAsync(50);
    const sizes = bus.calls.map((c) => c.batch.hits.length);
    expect(sizes.length).toBeGreaterThan(1);
    for (const c of bus.calls) expect(Buffer.byteLength(JSON.stringify(c.batch.hits))).toBeLessThanOrEqual(100);
    expect(bus.calls.flatMap((c) => c.batch.hits)).toEqual(hits(20));
  });

  it('flushes on shutdown without waiting for the timer, and waits until the batch is stored', async () => {
    let release!: () => void;
    const slow = fakeBus();
    const bus = {
      publish: async (s: string, p: unknown, o: PublishOptions) => {
        await new Promise<void>((r) => (release = r));
        return slow.publish(s, p, o);
      },
    };
    const buf = make(bus, { maxWaitMs: 60_000 });
    for (const h of hits(7)) buf.add(h);
    let drained = false;
    const draining = buf.drain().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    expect(buf.pending).toBe(7);
    release();
    await draining;
    expect(slow.calls).toHaveLength(1);
    expect(slow.calls[0]!.batch.hits).toEqual(hits(7));
    expect(buf.pending).toBe(0);
  });

  it('retries a failed publish with backoff under the same msg id', async () => {
    const bus = fakeBus((call) => call <= 2);
    const buf = make(bus);
    buf.add({ n: 1 });
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(bus.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(bus.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(bus.calls).toHaveLength(3);
    expect(bus.stored()).toBe(1);
    expect(new Set(bus.calls.map((c) => c.msgId)).size).toBe(1);
    expect(counters.get('gateway_hit_batch_retries_total', { kind: 'pageview' })).toBe(2);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);
  });

  it('keeps answered hits through an outage far longer than the retries of old, and publishes them in order', async () => {
    let up = false;
    const bus = fakeBus(() => !up);
    const buf = make(bus, { maxHits: 10 });
    for (const h of hits(25)) expect(buf.add(h)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    for (const h of hits(5, 25)) expect(buf.add(h)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bus.stored()).toBe(0);
    expect(buf.pending).toBe(30);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);
    // Only the oldest batch is retried while the bus is away, at a capped interval.
    expect(new Set(bus.calls.map((c) => c.msgId)).size).toBe(1);
    expect(bus.calls.length).toBeLessThan(30);

    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(buf.pending).toBe(0);
    const stored = bus.calls.slice(-4);
    expect(stored.map((c) => c.batch.hits.length)).toEqual([10, 10, 5, 5]);
    expect(stored.flatMap((c) => c.batch.hits)).toEqual(hits(30));
    expect(bus.stored()).toBe(4);
  });

  it('refuses and counts hits past the bound in count, and accepts again once the backlog is out', async () => {
    let up = false;
    const bus = fakeBus(() => !up);
    const buf = make(bus, { maxHits: 2, maxBacklogHits: 4 });
    expect(hits(4).map((h) => buf.add(h))).toEqual([true, true, true, true]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(buf.add({ n: 4 })).toBe(false);
    expect(buf.pending).toBe(4);
    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(buf.pending).toBe(0);
    expect(buf.add({ n: 5 })).toBe(true);
    await buf.drain();
    expect(
      bus.calls
        .filter((c) => c.batch.hits.length > 0)
        .flatMap((c) => c.batch.hits)
        .slice(-5),
    ).toEqual([...hits(4), { n: 5 }]);
    expect(bus.stored()).toBe(3);
  });

  it('bounds the backlog in bytes too', async () => {
    const bus = fakeBus(() => true);
    const buf = make(bus, { maxBacklogBytes: 100 }); // each hit is 8-9 bytes with its separator
    const accepted = hits(20).filter((h) => buf.add(h)).length;
    expect(accepted).toBeGreaterThan(9);
    expect(accepted).toBeLessThan(13);
    expect(buf.pendingBytes).toBeLessThanOrEqual(100);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(buf.add({ n: 99 })).toBe(false);
  });

  it('counts the hits that overflow the bound as dropped, through the ingestion pipeline', async () => {
    const bus = fakeBus(() => true);
    const buf = make(bus, { maxBacklogHits: 3 });
    const ingest = createHitIngestion({
      kind: 'pageview',
      schema: v.object({ n: v.number() }),
      toHit: (q) => q,
      pathOf: () => null,
      buffer: buf,
      limiter: { hit: () => 0 },
      counters,
    });
    const req = (n: number) => ({
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      query: { n },
      receivedAt: new Date(),
      log: createLogger('test', 'silent'),
    });
    const outcomes = [0, 1, 2, 3, 4].map((n) => ingest(req(n)));
    expect(outcomes.map((o) => o.accepted)).toEqual([true, true, true, false, false]);
    expect(outcomes[3]).toMatchObject({ reason: 'buffer_full' });
    expect(counters.get('gateway_hits_dropped_total', { reason: 'buffer_full' })).toBe(2);
    expect(counters.get('gateway_hits_accepted_total', { kind: 'pageview' })).toBe(3);
  });

  it('gives the backlog up only when a shutdown outlasts its timeout with the bus away, and counts it', async () => {
    const bus = fakeBus(() => true);
    const buf = make(bus, { drainTimeoutMs: 3000 });
    for (const h of hits(5)) buf.add(h);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);
    let drained = false;
    const draining = buf.drain().then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await draining;
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(5);
    expect(buf.pending).toBe(0);
  });

  it('drains a backlog when the bus returns during shutdown', async () => {
    let up = false;
    const bus = fakeBus(() => !up);
    const buf = make(bus, { maxHits: 3 });
    for (const h of hits(7)) buf.add(h);
    await vi.advanceTimersByTimeAsync(10_000);
    const draining = buf.drain();
    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    await draining;
    expect(bus.stored()).toBe(3);
    expect(counters.get('gateway_hits_dropped_total', { reason: 'publish_failed' })).toBe(0);
  });
});
