/**
 * The embedded, in-process bus: the same contract as JetStream (stored publish with msg-id
 * de-duplication, retention by each stream's age/size/count limits, the server's payload limit,
 * durable consumers with explicit ack/nak/term, ack-wait redelivery, max deliveries, bounded
 * in-flight, request/reply with queue groups), for the one-process product and for tests.
 * Payloads are JSON-serialised on the way in and out, as on the wire.
 *
 * Retention counts every retained message, but memory holds a payload only while a durable of its
 * stream may still need it: once every durable's ack floor has passed a message, its payload is
 * left to the store (PGlite in the product) and only its size and age stay here. Without that the
 * process would hold each stream's whole retention (256 MiB of mail, 1 GiB of page views) in
 * memory. A durable created later (JetStream's DeliverPolicy.All) gets those payloads read back.
 */
import { LARGE_PAYLOADS, type BusTopology, type DurableSpec, type StreamSpec } from '@lp/contracts';
import type { Logger } from '../logger.ts';
import { ConsumerPositions } from './consumer-positions.ts';
import { MemoryDurable, type DurableHost, type Worker } from './memory-durable.ts';
import { createMemoryLargeStore, type LargePayloadStore } from './large-payload-store.ts';
import { createMemoryStore, floorKey, type StoredMessage, type StreamStore } from './memory-store.ts';
import {
  BUS_MAX_PAYLOAD_BYTES,
  BusUnavailableError,
  checkLargeKey,
  collectLarge,
  DEFAULT_TOPOLOGY,
  isBusError,
  NoRespondersError,
  NoStreamError,
  PayloadTooLargeError,
  RequestTimeoutError,
  streamOf,
  subjectMatches,
  wireSize,
  type Bus,
  type ConsumeOptions,
  type ConsumerHandle,
  type Headers,
  type MessageHandler,
  type PublishOptions,
  type PublishResult,
  type ReplyHandler,
  type NotificationHandler,
  type ServeHandle,
  type SubscriptionHandle,
  type TopologyOptions,
  settleWithin,
  STOP_GRACE_MS,
} from './types.ts';

/** How often age limits are applied when nothing is published (JetStream checks on a timer too). */
const AGE_CHECK_MS = 60_000;

/** Payloads above this size stay in memory only until stored (when the store can read them back). */
export const SPILL_TO_STORE_BYTES = 64 * 1024;

/** A retained message: what retention counts, and its payload while a durable may need it. */
type Retained = { subject: string; size: number; storedAt: number; message: StoredMessage | undefined };

type Stream = {
  spec: StreamSpec;
  lastSeq: number;
  /** In sequence order: retention removes from the front. */
  messages: Map<number, Retained>;
  bytes: number;
  dedupe: Map<string, { seq: number; at: number }>;
  /** Payloads up to here are left to the store (every durable has passed them). */
  releasedThrough: number;
};

/** What retention counts for a message: payload, subject and headers, as JetStream roughly does. */
const sizeOf = (m: StoredMessage) => wireSize(m.data, m.headers) + Buffer.byteLength(m.subject);
const retained = (m: StoredMessage): Retained => ({
  subject: m.subject,
  size: sizeOf(m),
  storedAt: m.storedAt,
  message: m,
});

export type MemoryBusOptions = {
  store?: StreamStore;
  /** Where large payloads are kept (memory unless given). */
  largeStore?: LargePayloadStore;
  log?: Logger;
  topology?: Partial<TopologyOptions>;
  /** Largest message accepted, as NATS's `max_payload` (1 MiB by default). */
  maxPayload?: number;
};

export class MemoryBus implements Bus, DurableHost {
  readonly kind = 'memory' as const;
  readonly topology: TopologyOptions;
  readonly log: Logger | undefined;
  readonly store: StreamStore;
  private readonly largeStore: LargePayloadStore;
  private readonly maxPayload: number;
  /** The streams the topology named (ensureTopology), with their retention limits. */
  private readonly streamSpecs: StreamSpec[] = [];
  private readonly streams = new Map<string, Stream>();
  private readonly durables = new Map<string, MemoryDurable>();
  private readonly servers = new Map<string, { queue: string; handler: ReplyHandler }[]>();
  private readonly turns = new Map<string, number>();
  private readonly subscribers: { pattern: string; handler: NotificationHandler }[] = [];
  private loaded: Promise<Map<string, number>> | undefined;
  /** The ack floors stored at load, for durables the topology declares but not yet created. */
  private storedFloors = new Map<string, number>();
  private readonly declared: DurableSpec[] = [];
  private pruning: Promise<void> = Promise.resolve();
  private readonly ageTimer: NodeJS.Timeout;
  private closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.store = opts.store ?? createMemoryStore();
    this.largeStore = opts.largeStore ?? createMemoryLargeStore();
    this.log = opts.log;
    this.topology = { ...DEFAULT_TOPOLOGY, ...opts.topology };
    this.maxPayload = opts.maxPayload ?? BUS_MAX_PAYLOAD_BYTES;
    this.ageTimer = setInterval(() => this.applyAllLimits(), AGE_CHECK_MS);
    this.ageTimer.unref?.();
  }

  messageAt(stream: string, seq: number): StoredMessage | undefined {
    return this.streams.get(stream)?.messages.get(seq)?.message;
  }

  /**
   * A retained message whose payload memory left to the store, read back for a delivery.
   * Undefined when retention removed it (or the store keeps nothing): nothing to deliver.
   */
  readBack(stream: string, seq: number): Promise<StoredMessage | undefined> | undefined {
    if (!this.streams.get(stream)?.messages.has(seq) || !this.store.readFrom) return undefined;
    return this.store.readFrom(stream, seq - 1, seq).then((found) => found.find((m) => m.seq === seq));
  }

  /**
   * A durable of `stream` moved its ack floor: payloads every durable of the stream has passed
   * are left to the store. Kept while the store cannot give them back, and while no durable reads
   * the stream yet (the first one starts at the oldest message).
   */
  released(stream: string): void {
    const s = this.streams.get(stream);
    if (!s || !this.store.readFrom) return;
    let through = Infinity;
    for (const spec of this.declared)
      if (spec.stream === stream) {
        const key = floorKey(spec.stream, spec.name);
        through = Math.min(through, this.durables.get(key)?.positions.floor ?? this.storedFloors.get(key) ?? 0);
      }
    if (through === Infinity) return;
    for (let seq = s.releasedThrough + 1; seq <= through; seq++) {
      const m = s.messages.get(seq);
      if (m) m.message = undefined;
    }
    s.releasedThrough = Math.max(s.releasedThrough, through);
  }

  private stream(name: string): Stream {
    const s = this.streams.get(name);
    if (!s) throw new Error(`Unknown stream ${name}`);
    return s;
  }

  private load(): Promise<Map<string, number>> {
    this.loaded ??= this.store.load().then(({ messages, floors }) => {
      for (const m of messages) {
        const s = this.streams.get(m.stream);
        if (!s) continue;
        const r = retained(m);
        s.messages.set(m.seq, r);
        s.bytes += r.size;
        s.lastSeq = Math.max(s.lastSeq, m.seq);
        if (m.msgId) s.dedupe.set(m.msgId, { seq: m.seq, at: m.storedAt });
      }
      // A stream whose messages retention removed still continues its numbering past every position.
      for (const [key, floor] of floors) {
        const stream = this.streams.get(key.split('/')[0]!);
        if (stream) stream.lastSeq = Math.max(stream.lastSeq, floor);
      }
      this.storedFloors = floors;
      this.applyAllLimits();
      return floors;
    });
    return this.loaded;
  }

  /**
   * Takes the streams and durables the running services declare. Streams are named before the
   * stored messages are loaded (the first durable or publish loads them), so in one process the
   * whole topology is given at once.
   */
  async ensureTopology(topology: BusTopology): Promise<void> {
    for (const spec of topology.streams) {
      if (this.streams.has(spec.name)) continue;
      this.streamSpecs.push(spec);
      this.streams.set(spec.name, {
        spec,
        lastSeq: 0,
        messages: new Map(),
        bytes: 0,
        dedupe: new Map(),
        releasedThrough: 0,
      });
    }
    for (const d of topology.durables) await this.durable(d);
    for (const spec of this.streamSpecs) this.released(spec.name);
  }

  async putLarge(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    checkLargeKey(key);
    const bytes = await collectLarge(data, LARGE_PAYLOADS.maxPayloadBytes);
    await this.onLargeStore('storing', key, () => this.largeStore.put(key, bytes, Date.now()));
    return { size: bytes.length };
  }

  async getLarge(key: string): Promise<Buffer | undefined> {
    checkLargeKey(key);
    return this.onLargeStore('reading', key, () => this.largeStore.get(key, Date.now()));
  }

  async deleteLarge(key: string): Promise<void> {
    checkLargeKey(key);
    await this.onLargeStore('deleting', key, () => this.largeStore.delete(key));
  }

  /** A store failure is the bus's one "not done" error, as on JetStream. */
  private async onLargeStore<T>(doing: string, key: string, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    try {
      return await work();
    } catch (err) {
      if (isBusError(err)) throw err;
      throw new BusUnavailableError(`${doing} large payload ${key} failed: ${(err as Error).message}`);
    }
  }

  async pendingMessages(spec: DurableSpec): Promise<number> {
    return this.durables.get(floorKey(spec.stream, spec.name))?.positions.unfinished() ?? 0;
  }

  async ensureDurable(spec: DurableSpec): Promise<void> {
    await this.durable(spec);
  }

  private async durable(spec: DurableSpec): Promise<MemoryDurable> {
    const floors = await this.load();
    const key = floorKey(spec.stream, spec.name);
    let d = this.durables.get(key);
    if (!d) {
      const stream = this.stream(spec.stream);
      const floor = floors.get(key) ?? 0;
      if (!this.declared.some((x) => floorKey(x.stream, x.name) === key)) this.declared.push(spec);
      // A new durable starts at the oldest retained message (JetStream's DeliverPolicy.All):
      // payloads already left to the store come back for it.
      if (floor < stream.releasedThrough && this.store.readFrom) {
        for (const m of await this.store.readFrom(spec.stream, floor, stream.releasedThrough)) {
          const r = stream.messages.get(m.seq);
          if (r) r.message = m;
        }
        stream.releasedThrough = floor;
      }
      d = this.durables.get(key);
      if (d) return d;
      d = new MemoryDurable(spec, new ConsumerPositions(floor), this);
      for (let seq = d.positions.floor + 1; seq <= stream.lastSeq; seq++)
        d.offer(seq, stream.messages.get(seq)?.subject);
      this.durables.set(key, d);
    }
    return d;
  }

  /** Drops a stream's oldest messages while any retention limit is passed. */
  private applyLimits(s: Stream, now = Date.now()): void {
    const { maxMsgs, maxBytes, maxAgeMs } = s.spec.limits;
    let through = 0;
    for (const [seq, m] of s.messages) {
      if (s.messages.size <= maxMsgs && s.bytes <= maxBytes && now - m.storedAt <= maxAgeMs) break;
      s.messages.delete(seq);
      s.bytes -= m.size;
      through = seq;
    }
    if (through === 0) return;
    const name = s.spec.name;
    this.pruning = this.pruning
      .then(() => this.store.deleteThrough(name, through))
      .catch((err: unknown) => this.log?.error({ err, stream: name }, 'could not delete expired messages'));
  }

  private applyAllLimits(): void {
    const now = Date.now();
    for (const s of this.streams.values()) {
      this.applyLimits(s, now);
      for (const [id, seen] of s.dedupe) if (now - seen.at > s.spec.limits.duplicateWindowMs) s.dedupe.delete(id);
    }
  }

  async publish(subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    const data = JSON.stringify(payload ?? null);
    const headers = { ...opts.headers, 'Nats-Msg-Id': opts.msgId };
    const size = wireSize(data, headers);
    if (size > this.maxPayload) throw new PayloadTooLargeError(size, this.maxPayload);
    const spec = streamOf(this.streamSpecs, subject);
    if (!spec) throw new NoStreamError(`no stream stores ${subject}`);
    await this.load();
    const s = this.stream(spec.name);
    const now = Date.now();
    const seen = s.dedupe.get(opts.msgId);
    if (seen && now - seen.at < spec.limits.duplicateWindowMs)
      return { stream: spec.name, seq: seen.seq, duplicate: true };
    const seq = ++s.lastSeq;
    const stored: StoredMessage = { stream: spec.name, seq, subject, msgId: opts.msgId, headers, data, storedAt: now };
    // In the map at once, so the map stays in sequence order while stores overlap.
    const entry = retained(stored);
    s.messages.set(seq, entry);
    s.bytes += entry.size;
    s.dedupe.set(opts.msgId, { seq, at: now });
    const durables = [...this.durables.values()].filter((d) => d.spec.stream === spec.name);
    try {
      await this.store.append(stored);
    } catch (err) {
      s.dedupe.delete(opts.msgId);
      if (s.messages.delete(seq)) s.bytes -= entry.size;
      for (const d of durables) d.finish(seq);
      throw new BusUnavailableError(`could not store message: ${(err as Error).message}`);
    }
    // A large payload (an inbound e-mail with attachments) is left to the store at once and read
    // back for each delivery: several of them waiting for their consumer held hundreds of MB.
    if (entry.size > SPILL_TO_STORE_BYTES && this.store.readFrom) entry.message = undefined;
    if (s.dedupe.size > 10_000)
      for (const [id, v] of s.dedupe) if (now - v.at > spec.limits.duplicateWindowMs) s.dedupe.delete(id);
    for (const d of durables) {
      d.offer(seq, subject);
      d.pump();
    }
    this.notify(subject, data, headers);
    this.applyLimits(s, now);
    return { stream: spec.name, seq, duplicate: false };
  }

  async consume(spec: DurableSpec, handler: MessageHandler, opts: ConsumeOptions = {}): Promise<ConsumerHandle> {
    const d = await this.durable(spec);
    const worker: Worker = {
      handler,
      capacity: opts.maxInFlight ?? 64,
      inFlight: 0,
      stopped: false,
      held: new Set(),
    };
    const graceMs = opts.stopGraceMs ?? STOP_GRACE_MS;
    d.workers.push(worker);
    d.pump();
    return {
      stop: async () => {
        worker.stopped = true;
        d.workers.splice(d.workers.indexOf(worker), 1);
        if (worker.inFlight > 0) {
          const idle = new Promise<void>((resolve) => (worker.idle = resolve));
          if (await settleWithin([idle], graceMs)) {
            this.log?.warn(
              { durable: spec.name, handedBack: worker.held.size, graceMs },
              'handlers still running at stop; messages handed back',
            );
            for (const handBack of [...worker.held]) handBack();
          }
        }
        await d.flushed();
      },
    };
  }

  /**
   * As NATS core: every queue group serving the subject gets the request once (its members take
   * turns), the first reply wins, and a handler that fails answers nothing.
   */
  async request(
    subject: string,
    payload: unknown,
    opts: { timeoutMs?: number; headers?: Headers } = {},
  ): Promise<unknown> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    const data = JSON.stringify(payload ?? null);
    const size = wireSize(data, opts.headers ?? {});
    if (size > this.maxPayload) throw new PayloadTooLargeError(size, this.maxPayload);
    const chosen = this.oneServerPerGroup(subject);
    if (chosen.length === 0) throw new NoRespondersError(`no service answers ${subject}`);
    return new Promise<unknown>((resolve, reject) => {
      let answered = false;
      const timer = setTimeout(() => {
        answered = true;
        reject(new RequestTimeoutError(`${subject} timed out`));
      }, opts.timeoutMs ?? 10_000);
      for (const handler of chosen)
        handler(JSON.parse(data) as unknown, { subject, headers: { ...opts.headers } }).then(
          (reply) => {
            const text = JSON.stringify(reply ?? null);
            if (Buffer.byteLength(text) > this.maxPayload)
              return this.log?.error({ subject }, 'reply exceeds the bus payload limit; not sent');
            if (answered) return;
            answered = true;
            clearTimeout(timer);
            resolve(JSON.parse(text) as unknown);
          },
          (err: unknown) => this.log?.error({ err, subject }, 'reply handler failed'),
        );
    });
  }

  private oneServerPerGroup(subject: string): ReplyHandler[] {
    const groups = new Map<string, ReplyHandler[]>();
    for (const s of this.servers.get(subject) ?? []) groups.set(s.queue, [...(groups.get(s.queue) ?? []), s.handler]);
    return [...groups].map(([queue, members]) => {
      const key = `${subject}\u0000${queue}`;
      const turn = this.turns.get(key) ?? 0;
      this.turns.set(key, turn + 1);
      return members[turn % members.length]!;
    });
  }

  async serve(subject: string, queue: string, handler: ReplyHandler): Promise<ServeHandle> {
    const entry = { queue, handler };
    const list = this.servers.get(subject) ?? [];
    list.push(entry);
    this.servers.set(subject, list);
    return {
      stop: async () => {
        const l = this.servers.get(subject) ?? [];
        const i = l.indexOf(entry);
        if (i >= 0) l.splice(i, 1);
      },
    };
  }

  async subscribe(subject: string, handler: NotificationHandler): Promise<SubscriptionHandle> {
    const entry = { pattern: subject, handler };
    this.subscribers.push(entry);
    return {
      stop: async () => {
        const i = this.subscribers.indexOf(entry);
        if (i >= 0) this.subscribers.splice(i, 1);
      },
    };
  }

  /** Core-subscription delivery: each subscriber of the subject gets its own parsed copy. */
  private notify(subject: string, data: string, headers: Headers): void {
    for (const { pattern, handler } of [...this.subscribers]) {
      if (!subjectMatches(pattern, subject)) continue;
      try {
        handler(JSON.parse(data) as unknown, { subject, headers: { ...headers } });
      } catch (err) {
        this.log?.error({ err, subject }, 'subscriber failed');
      }
    }
  }

  async ping(): Promise<void> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ageTimer);
    await Promise.all([...this.durables.values()].map((d) => d.flushed()));
    await this.pruning;
  }
}
