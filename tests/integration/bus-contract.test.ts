/**
 * One contract, both adapters: the embedded bus must behave like JetStream where the
 * services rely on it (stored publish, de-duplication, ack/nak/term, redelivery, shared
 * durables, bounded in-flight, request/reply with queue groups, nothing lost across a consumer
 * restart, retention by limits, the payload limit, one error type per failure, fire-and-forget
 * subscriptions every subscriber hears).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DURABLES,
  LARGE_PAYLOADS,
  STREAMS,
  SUBJECTS,
  type BusTopology,
  type DurableSpec,
  type StreamSpec,
} from '@lp/contracts';
import {
  BUS_MAX_PAYLOAD_BYTES,
  connectNatsBus,
  createKnexLargeStore,
  deleteBusNamespace,
  createKnexStore,
  MemoryBus,
  migrate,
  NoRespondersError,
  NoStreamError,
  PayloadTooLargeError,
  RequestTimeoutError,
  openPglite,
  BUS_MIGRATIONS_DIR,
  type Bus,
  type BusMessage,
} from '@lp/runtime';
import { eventually } from '../support/stack.ts';

const real = inject('realBackends');
const durable = DURABLES.crmSubmissions;
const subject = SUBJECTS.submissionReceived;
const ACK_WAIT = 1000;
/** Every stream and durable of the product (the services' declarations name the same ones). */

/** A small stream of the tests' own, so its count limit is reached in a few publishes. */
const SMALL: StreamSpec = {
  name: 'SMALL',
  subjects: ['small.>'],
  limits: { maxAgeMs: 3_600_000, maxBytes: 1024 * 1024, maxMsgs: 5, duplicateWindowMs: 60_000 },
};
const streams = [...Object.values(STREAMS), SMALL];
/** The product's streams and durables (the services' declarations name the same ones) and SMALL. */
const TOPOLOGY: BusTopology = { streams, durables: Object.values(DURABLES) };

type Factory = {
  name: string;
  skip: string | false;
  make: (ackWaitMs?: number) => Promise<Bus>;
  cleanup: () => Promise<void>;
};

const namespaces: string[] = [];
const factories: Factory[] = [
  {
    name: 'embedded bus',
    skip: false,
    make: async (ackWaitMs = ACK_WAIT) => new MemoryBus({ topology: { ackWaitMs } }),
    cleanup: async () => {},
  },
  {
    name: 'NATS JetStream',
    skip: 'unavailable' in real ? real.unavailable : false,
    make: async (ackWaitMs = ACK_WAIT) => {
      if ('unavailable' in real) throw new Error('no NATS');
      const ns = `bc${randomBytes(4).toString('hex')}`;
      namespaces.push(ns);
      return connectNatsBus({
        url: real.natsUrl,
        name: 'bus-contract',
        namespace: ns,
        topology: { ackWaitMs },
      });
    },
    cleanup: async () => {
      if ('unavailable' in real) return;
      for (const ns of namespaces) await deleteBusNamespace(real.natsUrl, ns);
    },
  },
];

describe.each(factories)('bus contract: $name', ({ make, skip, cleanup }) => {
  if (skip) {
    it.skip(`skipped: ${skip}`, () => {});
    return;
  }
  let bus: Bus;
  const fresh = async (ackWaitMs?: number) => {
    bus = await make(ackWaitMs);
    await bus.ensureTopology(TOPOLOGY);
    return bus;
  };
  afterAll(cleanup);

  it('stores on publish and delivers to the durable; an acked message is not redelivered', async () => {
    const b = await fresh();
    const got: unknown[] = [];
    const c = await b.consume(durable, async (m) => {
      got.push(m.json());
      m.ack();
    });
    const r = await b.publish(subject, { n: 1 }, { msgId: crypto.randomUUID() });
    expect(r.seq).toBeGreaterThan(0);
    expect(r.duplicate).toBe(false);
    await eventually(async () => (got.length === 1 ? true : undefined));
    await new Promise((res) => setTimeout(res, ACK_WAIT + 300));
    expect(got).toEqual([{ n: 1 }]);
    await c.stop();
    await b.close();
  });

  it('reports pending messages per durable: waiting plus delivered and not yet acked', async () => {
    const b = await fresh();
    expect(await b.pendingMessages(durable)).toBe(0);
    for (let n = 0; n < 3; n++) await b.publish(subject, { n }, { msgId: crypto.randomUUID() });
    expect(await b.pendingMessages(durable)).toBe(3);
    const held: BusMessage[] = [];
    const c = await b.consume(durable, async (m) => void held.push(m));
    await eventually(async () => (held.length === 3 ? true : undefined));
    expect(await b.pendingMessages(durable)).toBe(3);
    for (const m of held) m.ack();
    await eventually(async () => ((await b.pendingMessages(durable)) === 0 ? true : undefined));
    await c.stop();
    await b.close();
  });

  it('de-duplicates re-publishes with the same message id', async () => {
    const b = await fresh();
    const id = crypto.randomUUID();
    const first = await b.publish(subject, { n: 'once' }, { msgId: id });
    const again = await b.publish(subject, { n: 'once' }, { msgId: id });
    expect(again.duplicate).toBe(true);
    expect(again.seq).toBe(first.seq);
    const got: unknown[] = [];
    const c = await b.consume(durable, async (m) => {
      got.push(m.json());
      m.ack();
    });
    await eventually(async () => (got.length >= 1 ? true : undefined));
    await new Promise((res) => setTimeout(res, 300));
    expect(got).toEqual([{ n: 'once' }]);
    await c.stop();
    await b.close();
  });

  it('redelivers after nak, and after the ack wait when nothing was said; term ends it', async () => {
    const b = await fresh();
    const deliveries: { n: unknown; count: number }[] = [];
    const c = await b.consume(durable, async (m) => {
      const body = m.json() as { n: string };
      deliveries.push({ n: body.n, count: m.deliveryCount });
      if (body.n === 'nak' && m.deliveryCount === 1) return m.nak(50);
      if (body.n === 'silent' && m.deliveryCount === 1) return; // neither ack nor nak
      if (body.n === 'poison') return m.term('poison');
      m.ack();
    });
    await b.publish(subject, { n: 'nak' }, { msgId: crypto.randomUUID() });
    await b.publish(subject, { n: 'silent' }, { msgId: crypto.randomUUID() });
    await b.publish(subject, { n: 'poison' }, { msgId: crypto.randomUUID() });
    await eventually(
      async () => (deliveries.filter((d) => d.count === 2).length === 2 ? true : undefined),
      ACK_WAIT * 6,
      'two redeliveries',
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(deliveries)}`);
    });
    await new Promise((res) => setTimeout(res, ACK_WAIT + 300));
    const of = (n: string) => deliveries.filter((d) => d.n === n).map((d) => d.count);
    expect(of('nak')).toEqual([1, 2]);
    expect(of('silent')).toEqual([1, 2]);
    expect(of('poison')).toEqual([1]);
    await c.stop();
    await b.close();
  });

  it('loses nothing across a consumer restart', async () => {
    const b = await fresh();
    const handled = new Set<number>();
    for (let i = 0; i < 20; i++) await b.publish(subject, { i }, { msgId: crypto.randomUUID() });
    let first = 0;
    const c1 = await b.consume(
      durable,
      async (m) => {
        if (first >= 5) return; // "crashes" after five: never settles what it holds
        first++;
        handled.add((m.json() as { i: number }).i);
        m.ack();
      },
      { maxInFlight: 2 },
    );
    await eventually(async () => (first >= 5 ? true : undefined));
    await c1.stop();
    for (let i = 20; i < 25; i++) await b.publish(subject, { i }, { msgId: crypto.randomUUID() });
    const c2 = await b.consume(durable, async (m) => {
      handled.add((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(async () => (handled.size === 25 ? true : undefined), ACK_WAIT * 10, 'all 25 handled');
    expect([...handled].sort((a, b2) => a - b2)).toEqual([...Array(25).keys()]);
    await c2.stop();
    await b.close();
  });

  it('stops a consumer with a large backlog of slow messages within its grace; the next one gets the rest, stored once', async () => {
    // An ack wait longer than 64 held × 40 ms, so only a stop hands a message back early (on
    // NATS, one the server was sending as the consumer stopped comes back after the ack wait).
    const b = await fresh(8_000);
    const N = 400;
    for (let i = 0; i < N; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => b.publish(subject, { i: i + k }, { msgId: crypto.randomUUID() })),
      );
    // One database: messages commit one after another, 40 ms each; storing one twice is a no-op.
    const stored = new Set<number>();
    let db = Promise.resolve();
    const store = (i: number) =>
      (db = db.then(() => new Promise<void>((r) => setTimeout(r, 40)).then(() => void stored.add(i))));
    const first = await b.consume(
      durable,
      async (m) => {
        await store((m.json() as { i: number }).i);
        m.ack();
      },
      { maxInFlight: 64, stopGraceMs: 500 },
    );
    await eventually(async () => (stored.size >= 5 ? true : undefined), 10_000, 'the first consumer storing');
    const startedAt = Date.now();
    await first.stop();
    // 64 held × 40 ms is 2.6 s: what it could not finish in its 0.5 s grace is handed back.
    expect(Date.now() - startedAt).toBeLessThan(1_500);

    const next = await b.consume(durable, async (m) => {
      await store((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(async () => (stored.size === N ? true : undefined), 60_000, `all ${N} stored`);
    await eventually(async () => ((await b.pendingMessages(durable)) === 0 ? true : undefined), 10_000, 'none pending');
    expect([...stored].sort((x, y) => x - y)).toEqual([...Array(N).keys()]);
    await next.stop();
    await b.close();
  }, 90_000);

  it('shares one durable between replicas and bounds messages in flight', async () => {
    const b = await fresh();
    const seen = new Map<number, number>();
    let inFlight = 0;
    let maxSeen = 0;
    const handler = (who: 0 | 1) => async (m: BusMessage) => {
      inFlight++;
      maxSeen = Math.max(maxSeen, inFlight);
      await new Promise((res) => setTimeout(res, 20));
      const i = (m.json() as { i: number }).i;
      seen.set(i, (seen.get(i) ?? 0) + 1);
      byReplica[who]++;
      inFlight--;
      m.ack();
    };
    const byReplica: [number, number] = [0, 0];
    const r1 = await b.consume(durable, handler(0), { maxInFlight: 2 });
    const r2 = await b.consume(durable, handler(1), { maxInFlight: 2 });
    for (let i = 0; i < 30; i++) await b.publish(subject, { i }, { msgId: crypto.randomUUID() });
    await eventually(async () => (seen.size === 30 ? true : undefined), 15_000, '30 handled');
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(maxSeen).toBeLessThanOrEqual(4);
    expect(byReplica[0]).toBeGreaterThan(0);
    expect(byReplica[1]).toBeGreaterThan(0);
    await r1.stop();
    await r2.stop();
    await b.close();
  });

  it('answers requests through one replica of a queue group, and says when nobody serves', async () => {
    const b = await fresh();
    const calls: [number, number] = [0, 0];
    const s1 = await b.serve('rpc.test.echo', 'svc-test', async (p) => {
      calls[0]++;
      return { echo: p };
    });
    const s2 = await b.serve('rpc.test.echo', 'svc-test', async (p) => {
      calls[1]++;
      return { echo: p };
    });
    for (let i = 0; i < 10; i++) expect(await b.request('rpc.test.echo', { i })).toEqual({ echo: { i } });
    let seenHeaders: Record<string, string> = {};
    const s3 = await b.serve('rpc.test.headers', 'svc-test', async (_p, meta) => {
      seenHeaders = meta.headers;
      return null;
    });
    await b.request('rpc.test.headers', {}, { headers: { 'x-request-id': 'req-123' } });
    expect(seenHeaders['x-request-id']).toBe('req-123');
    await s3.stop();
    expect(calls[0] + calls[1]).toBe(10);
    await expect(b.request('rpc.test.nobody', {}, { timeoutMs: 2000 })).rejects.toBeInstanceOf(NoRespondersError);
    await s1.stop();
    await s2.stop();
    await b.close();
  });

  it('tells every subscriber of a subject about each publish from then on, beside the durables', async () => {
    const b = await fresh();
    await b.publish(SUBJECTS.lotChanged, { before: true }, { msgId: crypto.randomUUID() });
    const first: unknown[] = [];
    const second: { payload: unknown; subject: string }[] = [];
    const s1 = await b.subscribe(SUBJECTS.lotChanged, (p) => first.push(p));
    const s2 = await b.subscribe('inventory.>', (payload, meta) => second.push({ payload, subject: meta.subject }));
    await b.publish(SUBJECTS.lotChanged, { n: 1 }, { msgId: crypto.randomUUID() });
    await eventually(async () => (first.length === 1 && second.length === 1 ? true : undefined));
    expect(first).toEqual([{ n: 1 }]);
    expect(second).toEqual([{ payload: { n: 1 }, subject: SUBJECTS.lotChanged }]);
    // A stopped subscriber hears nothing more; the other still hears each publish once.
    await s1.stop();
    await b.publish(SUBJECTS.lotChanged, { n: 2 }, { msgId: crypto.randomUUID() });
    await eventually(async () => (second.length === 2 ? true : undefined));
    await new Promise((res) => setTimeout(res, 200));
    expect(first).toEqual([{ n: 1 }]);
    expect(second.map((m) => m.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    await s2.stop();
    // The messages were stored too: a durable of the subject still gets all three.
    const got: unknown[] = [];
    const spec: DurableSpec = {
      stream: STREAMS.inventory.name,
      name: 'contract-lots',
      filterSubject: SUBJECTS.lotChanged,
    };
    await b.ensureDurable(spec);
    const c = await b.consume(spec, async (m) => {
      got.push(m.json());
      m.ack();
    });
    await eventually(async () => (got.length === 3 ? true : undefined));
    await c.stop();
    await b.close();
  });

  it('keeps messages by the stream limits, not by who read them: a durable created later replays them', async () => {
    const b = await fresh();
    const early: unknown[] = [];
    const c = await b.consume(durable, async (m) => {
      early.push(m.json());
      m.ack();
    });
    for (let i = 0; i < 3; i++) await b.publish(subject, { i }, { msgId: crypto.randomUUID() });
    await eventually(async () => (early.length === 3 ? true : undefined));
    await c.stop();
    // Every known durable has acked all three; a new one still gets them.
    const late: DurableSpec = { stream: durable.stream, name: 'late-reader', filterSubject: subject };
    await b.ensureDurable(late);
    const replayed: unknown[] = [];
    const c2 = await b.consume(late, async (m) => {
      replayed.push(m.json());
      m.ack();
    });
    await eventually(async () => (replayed.length === 3 ? true : undefined), 5000, 'three replayed');
    expect(replayed).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
    await c2.stop();

    // The count limit (5) discards the oldest, read or not.
    for (let i = 0; i < 8; i++) await b.publish('small.thing.happened', { i }, { msgId: crypto.randomUUID() });
    const reader: DurableSpec = { stream: SMALL.name, name: 'small-reader', filterSubject: 'small.>' };
    await b.ensureDurable(reader);
    const kept: number[] = [];
    const c3 = await b.consume(reader, async (m) => {
      kept.push((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(async () => (kept.length === 5 ? true : undefined), 5000, 'five kept');
    expect(kept).toEqual([3, 4, 5, 6, 7]);
    await c3.stop();
    await b.close();
  });

  it('refuses a message over max_payload with PayloadTooLargeError, and stores one just under it', async () => {
    const b = await fresh();
    const big = 'x'.repeat(BUS_MAX_PAYLOAD_BYTES);
    await expect(b.publish(subject, { big }, { msgId: crypto.randomUUID() })).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
    await expect(b.request('rpc.test.big', { big })).rejects.toBeInstanceOf(PayloadTooLargeError);
    const fits = 'x'.repeat(BUS_MAX_PAYLOAD_BYTES - 200);
    const r = await b.publish(subject, { fits }, { msgId: crypto.randomUUID() });
    expect(r.duplicate).toBe(false);
    await b.close();
  });

  it('hands over payloads of any size whole by key (empty, 1 KiB, 3 MiB, 30 MiB; whole or streamed), then forgets them', async () => {
    const b = await fresh();
    const sizes = [0, 1024, 3 * 1024 * 1024, 30 * 1024 * 1024];
    for (const size of sizes) {
      const data = randomBytes(size);
      const key = `contract-${size}`;
      expect(await b.putLarge(key, data)).toEqual({ size });
      const back = await b.getLarge(key);
      expect(back?.length).toBe(size);
      expect(back?.equals(data)).toBe(true);
    }
    // Streamed in uneven pieces, as an upload arrives.
    const pieces = [randomBytes(700_000), randomBytes(1), randomBytes(1_500_000)];
    const streamed = (async function* () {
      yield* pieces;
    })();
    expect(await b.putLarge('contract-streamed', streamed)).toEqual({ size: 2_200_001 });
    expect((await b.getLarge('contract-streamed'))?.equals(Buffer.concat(pieces))).toBe(true);
    // A key put again holds the new bytes.
    await b.putLarge('contract-1024', Buffer.from('replaced'));
    expect((await b.getLarge('contract-1024'))?.toString()).toBe('replaced');
    // Deleted, and never stored: nothing; deleting twice is fine.
    await b.deleteLarge('contract-streamed');
    await b.deleteLarge('contract-streamed');
    expect(await b.getLarge('contract-streamed')).toBeUndefined();
    expect(await b.getLarge('never-stored')).toBeUndefined();
    for (const size of sizes) await b.deleteLarge(`contract-${size}`);
    await b.close();
  });

  it('refuses a large payload over its limit with PayloadTooLargeError, storing nothing, and a key that is not a plain name', async () => {
    const b = await fresh();
    const piece = Buffer.alloc(1024 * 1024, 1);
    const endless = (async function* () {
      for (;;) yield piece;
    })();
    await expect(b.putLarge('contract-too-large', endless)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await b.getLarge('contract-too-large')).toBeUndefined();
    await expect(b.putLarge('../escape', Buffer.from('x'))).rejects.toThrow(/invalid large payload key/);
    await b.close();
  });

  it('names each failure with one error type: no stream, no responder, no answer in time', async () => {
    const b = await fresh();
    await expect(b.publish('nowhere.thing.happened', {}, { msgId: crypto.randomUUID() })).rejects.toBeInstanceOf(
      NoStreamError,
    );
    await expect(b.request('rpc.test.nobody', {}, { timeoutMs: 2000 })).rejects.toBeInstanceOf(NoRespondersError);
    const s = await b.serve('rpc.test.slow', 'svc-test', () => new Promise(() => {}));
    await expect(b.request('rpc.test.slow', {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(RequestTimeoutError);
    // A server that fails answers nothing: the caller times out, as on NATS.
    const f = await b.serve('rpc.test.fails', 'svc-test', async () => {
      throw new Error('boom');
    });
    await expect(b.request('rpc.test.fails', {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(RequestTimeoutError);
    await s.stop();
    await f.stop();
    await b.close();
  });

  it('gives each queue group every request once (members take turns); the first reply wins', async () => {
    const b = await fresh();
    const calls = { a1: 0, a2: 0, b1: 0 };
    const handles = [
      await b.serve('rpc.test.groups', 'group-a', async () => {
        calls.a1++;
        return { from: 'a' };
      }),
      await b.serve('rpc.test.groups', 'group-a', async () => {
        calls.a2++;
        return { from: 'a' };
      }),
      await b.serve('rpc.test.groups', 'group-b', async () => {
        calls.b1++;
        return { from: 'b' };
      }),
    ];
    for (let i = 0; i < 20; i++) {
      const reply = (await b.request('rpc.test.groups', { i })) as { from: string };
      expect(['a', 'b']).toContain(reply.from);
    }
    await eventually(async () => (calls.a1 + calls.a2 === 20 && calls.b1 === 20 ? true : undefined), 5000, 'counts');
    expect(calls.a1).toBeGreaterThan(0);
    expect(calls.a2).toBeGreaterThan(0);
    for (const h of handles) await h.stop();
    await b.close();
  });
});

describe('embedded bus on Postgres storage', () => {
  let db: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'bus', BUS_MIGRATIONS_DIR);
  });
  afterAll(() => db.close());

  it('keeps large payloads across a process restart, and forgets them after a day', async () => {
    const largeStore = createKnexLargeStore(db.knex);
    const b1 = new MemoryBus({ store: createKnexStore(db.knex), largeStore });
    const data = randomBytes(2 * 1024 * 1024);
    await b1.putLarge('restart-kept', data);
    await b1.close();
    const b2 = new MemoryBus({ store: createKnexStore(db.knex), largeStore: createKnexLargeStore(db.knex) });
    expect((await b2.getLarge('restart-kept'))?.equals(data)).toBe(true);
    await db.knex
      .withSchema('bus')
      .table('large_payloads')
      .where({ key: 'restart-kept' })
      .update({ stored_at: new Date(Date.now() - LARGE_PAYLOADS.maxAgeMs - 1000) });
    expect(await b2.getLarge('restart-kept')).toBeUndefined();
    // The next put clears what is past its age.
    await b2.putLarge('restart-next', Buffer.from('x'));
    expect(await db.knex.withSchema('bus').table('large_payloads').pluck('key')).toEqual(['restart-next']);
    await b2.close();
  });

  it('keeps stored messages and consumer positions across a process restart', async () => {
    const b1 = new MemoryBus({ store: createKnexStore(db.knex), topology: { ackWaitMs: ACK_WAIT } });
    await b1.ensureTopology(TOPOLOGY);
    for (let i = 0; i < 6; i++) await b1.publish(subject, { i }, { msgId: `m-${i}` });
    const firstRun: number[] = [];
    const c1 = await b1.consume(durable, async (m) => {
      const { i } = m.json() as { i: number };
      if (i < 3) {
        firstRun.push(i);
        m.ack();
      } else m.nak(60_000);
    });
    await eventually(async () => (firstRun.length === 3 ? true : undefined));
    await c1.stop();
    await b1.close();

    // A new process: same storage, new bus.
    const b2 = new MemoryBus({ store: createKnexStore(db.knex), topology: { ackWaitMs: ACK_WAIT } });
    await b2.ensureTopology(TOPOLOGY);
    const secondRun: number[] = [];
    const c2 = await b2.consume(durable, async (m) => {
      secondRun.push((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(async () => (secondRun.length === 3 ? true : undefined));
    expect(secondRun.sort()).toEqual([3, 4, 5]);
    expect((await b2.publish(subject, { i: 0 }, { msgId: 'm-0' })).duplicate).toBe(true);
    await c2.stop();
    await b2.close();
  });
  it('deletes from storage what the limits drop, and a later process replays only what is retained', async () => {
    const b1 = new MemoryBus({ store: createKnexStore(db.knex) });
    await b1.ensureTopology({ streams, durables: [] });
    for (let i = 0; i < 8; i++) await b1.publish('small.thing.happened', { i }, { msgId: `s-${i}` });
    await b1.close();
    const stored = await db.knex.withSchema('bus').table('messages').where({ stream: SMALL.name }).orderBy('seq');
    expect(stored.map((r: { seq: string | number }) => Number(r.seq))).toEqual([4, 5, 6, 7, 8]);

    const b2 = new MemoryBus({ store: createKnexStore(db.knex) });
    await b2.ensureTopology({ streams, durables: [] });
    const reader: DurableSpec = { stream: SMALL.name, name: 'small-late', filterSubject: 'small.>' };
    const got: number[] = [];
    const c = await b2.consume(reader, async (m) => {
      got.push((m.json() as { i: number }).i);
      m.ack();
    });
    await eventually(async () => (got.length === 5 ? true : undefined));
    expect(got).toEqual([3, 4, 5, 6, 7]);
    expect((await b2.publish('small.thing.happened', { i: 8 }, { msgId: 's-8' })).seq).toBe(9);
    await c.stop();
    await b2.close();
  });

  it('moves each position past other subjects of its stream and past a failed store, so nothing piles up', async () => {
    await db.knex.withSchema('bus').table('messages').delete();
    await db.knex.withSchema('bus').table('consumers').delete();
    const store = createKnexStore(db.knex);
    let failNext = false;
    const flaky: typeof store = {
      ...store,
      append: async (m) => {
        if (failNext) {
          failNext = false;
          throw new Error('disk full');
        }
        return store.append(m);
      },
    };
    const views = DURABLES.analyticsPageviews;
    const events = DURABLES.analyticsEvents;
    const b1 = new MemoryBus({ store: flaky, topology: { ackWaitMs: ACK_WAIT } });
    await b1.ensureTopology(TOPOLOGY);
    const seen: string[] = [];
    const ack = (m: BusMessage) => {
      seen.push((m.json() as { k: string }).k);
      m.ack();
    };
    const c1 = await b1.consume(views, async (m) => ack(m));
    const c2 = await b1.consume(events, async (m) => ack(m));
    await b1.publish(SUBJECTS.pageviewsRecorded, { k: 'view-1' }, { msgId: 'v1' });
    await b1.publish(SUBJECTS.eventsRecorded, { k: 'event-1' }, { msgId: 'e1' });
    failNext = true;
    await expect(b1.publish(SUBJECTS.pageviewsRecorded, { k: 'lost' }, { msgId: 'v2' })).rejects.toThrow(
      /could not store/,
    );
    await b1.publish(SUBJECTS.pageviewsRecorded, { k: 'view-3' }, { msgId: 'v3' });
    await b1.publish(SUBJECTS.eventsRecorded, { k: 'event-2' }, { msgId: 'e2' });
    await eventually(async () => (seen.length === 4 ? true : undefined));
    await c1.stop();
    await c2.stop();
    await b1.close();
    // Both positions stand at the last sequence (5), past the other subject's messages and the
    // number the failed store used up, so a restart redelivers none of them.
    const floors = await db.knex.withSchema('bus').table('consumers').where({ stream: views.stream });
    expect(floors.map((f: { ack_floor: string | number }) => Number(f.ack_floor))).toEqual([5, 5]);

    const b2 = new MemoryBus({ store, topology: { ackWaitMs: ACK_WAIT } });
    await b2.ensureTopology(TOPOLOGY);
    const again: string[] = [];
    const d1 = await b2.consume(views, async (m) => void again.push((m.json() as { k: string }).k));
    const d2 = await b2.consume(events, async (m) => void again.push((m.json() as { k: string }).k));
    await new Promise((r) => setTimeout(r, 300));
    expect(again).toEqual([]);
    await d1.stop();
    await d2.stop();
    await b2.close();
  });
});
