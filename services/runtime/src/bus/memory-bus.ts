/**
 * The embedded, in-process bus: the same contract as JetStream (stored publish with msg-id
 * de-duplication, durable consumers with explicit ack/nak/term, ack-wait redelivery, max
 * deliveries, bounded in-flight, request/reply with queue groups), for the one-process product
 * and for tests. Payloads are JSON-serialised on the way in and out, as on the wire.
 */
import type { BusTopology, DurableSpec } from '@lp/contracts';
import type { Logger } from '../logger.ts';
import { createMemoryStore, floorKey, type StoredMessage, type StreamStore } from './memory-store.ts';
import {
  BusUnavailableError,
  DEFAULT_TOPOLOGY,
  NoRespondersError,
  RequestTimeoutError,
  subjectMatches,
  type Bus,
  type BusMessage,
  type ConsumeOptions,
  type Headers,
  type ConsumerHandle,
  type MessageHandler,
  type PublishOptions,
  type PublishResult,
  type ReplyHandler,
  type ServeHandle,
  type TopologyOptions,
} from './types.ts';

const DUPLICATE_WINDOW_MS = 10 * 60_000;

type Stream = {
  name: string;
  /** Empty until the topology names the stream (its stored messages may be loaded before). */
  subjects: readonly string[];
  lastSeq: number;
  messages: Map<number, StoredMessage>;
  dedupe: Map<string, { seq: number; at: number }>;
};

type Worker = { handler: MessageHandler; capacity: number; inFlight: number; stopped: boolean; idle?: () => void };

class Durable {
  floor = 0;
  readonly done = new Set<number>();
  readonly pending: number[] = [];
  private readonly queued = new Set<number>();
  readonly deliveries = new Map<number, number>();
  readonly workers: Worker[] = [];
  private rr = 0;
  private saving: Promise<void> = Promise.resolve();
  constructor(
    readonly spec: DurableSpec,
    private readonly bus: MemoryBus,
  ) {}

  enqueue(seq: number, front = false) {
    if (seq <= this.floor || this.done.has(seq) || this.queued.has(seq)) return;
    this.queued.add(seq);
    if (front) this.pending.unshift(seq);
    else this.pending.push(seq);
  }

  pump() {
    while (this.pending.length > 0) {
      const worker = this.nextWorker();
      if (!worker) return;
      const seq = this.pending.shift()!;
      this.queued.delete(seq);
      if (seq <= this.floor || this.done.has(seq)) continue;
      this.deliver(seq, worker);
    }
  }

  private nextWorker(): Worker | undefined {
    for (let i = 0; i < this.workers.length; i++) {
      const w = this.workers[(this.rr + i) % this.workers.length]!;
      if (!w.stopped && w.inFlight < w.capacity) {
        this.rr = (this.rr + i + 1) % this.workers.length;
        return w;
      }
    }
    return undefined;
  }

  private deliver(seq: number, worker: Worker) {
    const stored = this.bus.stream(this.spec.stream).messages.get(seq);
    if (!stored) return this.markDone(seq);
    const count = (this.deliveries.get(seq) ?? 0) + 1;
    const { maxDeliver } = this.bus.topology;
    if (maxDeliver > 0 && count > maxDeliver) {
      this.bus.log?.error(
        { stream: this.spec.stream, durable: this.spec.name, seq },
        'message exceeded max deliveries',
      );
      return this.markDone(seq);
    }
    this.deliveries.set(seq, count);
    worker.inFlight++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      worker.inFlight--;
      if (worker.inFlight === 0) worker.idle?.();
      return true;
    };
    const timer = setTimeout(() => {
      if (settle()) {
        this.enqueue(seq, true);
        this.pump();
      }
    }, this.bus.topology.ackWaitMs);
    timer.unref?.();
    const msg: BusMessage = {
      subject: stored.subject,
      seq,
      msgId: stored.msgId,
      headers: { ...stored.headers },
      deliveryCount: count,
      json: () => JSON.parse(stored.data) as unknown,
      ack: () => {
        if (settle()) this.markDone(seq);
      },
      term: () => {
        if (settle()) this.markDone(seq);
      },
      nak: (delayMs = 0) => {
        if (!settle()) return;
        const t = setTimeout(() => {
          this.enqueue(seq, true);
          this.pump();
        }, delayMs);
        t.unref?.();
        if (delayMs === 0) this.pump();
      },
    };
    queueMicrotask(() => {
      worker.handler(msg).catch((err: unknown) => {
        this.bus.log?.warn({ err, seq, durable: this.spec.name }, 'consumer handler threw; redelivering');
        msg.nak(1000);
      });
    });
  }

  /**
   * A sequence this durable will never be handed (another subject of its stream, or a number a
   * failed store used up) counts as done, so the position and the pruning move past it.
   */
  moveOver(seq: number) {
    if (seq > this.floor) this.markDone(seq);
  }

  /** The same while the durable is being rebuilt at start-up: no position is saved yet. */
  passOver(seq: number) {
    if (seq <= this.floor) return;
    this.done.add(seq);
    while (this.done.has(this.floor + 1)) {
      this.done.delete(this.floor + 1);
      this.floor++;
    }
  }

  private markDone(seq: number) {
    this.deliveries.delete(seq);
    this.done.add(seq);
    const before = this.floor;
    while (this.done.has(this.floor + 1)) {
      this.done.delete(this.floor + 1);
      this.floor++;
    }
    if (this.floor !== before) this.persistFloor();
    this.pump();
  }

  private persistFloor() {
    const floor = this.floor;
    this.saving = this.saving
      .then(() => this.bus.saveFloor(this.spec, floor))
      .catch((err: unknown) => this.bus.log?.error({ err }, 'could not save consumer position'));
  }

  flushed() {
    return this.saving;
  }

  /** Waiting to be delivered, or delivered and not yet acked (NATS: num_pending + num_ack_pending). */
  unacknowledged(): number {
    return new Set([...this.pending, ...this.deliveries.keys()]).size;
  }
}

export type MemoryBusOptions = { store?: StreamStore; log?: Logger; topology?: Partial<TopologyOptions> };

export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  readonly topology: TopologyOptions;
  readonly log: Logger | undefined;
  private readonly store: StreamStore;
  private readonly streams = new Map<string, Stream>();
  private readonly durables = new Map<string, Durable>();
  private readonly servers = new Map<string, { queue: string; handler: ReplyHandler }[]>();
  private readonly rr = new Map<string, number>();
  private loaded: Promise<Map<string, number>> | undefined;
  private closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.store = opts.store ?? createMemoryStore();
    this.log = opts.log;
    this.topology = { ...DEFAULT_TOPOLOGY, ...opts.topology };
  }

  private streamEntry(name: string): Stream {
    let s = this.streams.get(name);
    if (!s) {
      s = { name, subjects: [], lastSeq: 0, messages: new Map(), dedupe: new Map() };
      this.streams.set(name, s);
    }
    return s;
  }

  stream(name: string): Stream {
    const s = this.streams.get(name);
    if (!s) throw new Error(`Unknown stream ${name}`);
    return s;
  }

  private load(): Promise<Map<string, number>> {
    this.loaded ??= this.store.load().then(({ messages, floors }) => {
      for (const m of messages) {
        const s = this.streamEntry(m.stream);
        s.messages.set(m.seq, m);
        s.lastSeq = Math.max(s.lastSeq, m.seq);
        if (m.msgId) s.dedupe.set(m.msgId, { seq: m.seq, at: m.storedAt });
      }
      for (const [key, floor] of floors) {
        const stream = this.streamEntry(key.split('/')[0]!);
        stream.lastSeq = Math.max(stream.lastSeq, floor);
      }
      return floors;
    });
    return this.loaded;
  }

  async ensureTopology(topology: BusTopology): Promise<void> {
    for (const s of topology.streams) this.streamEntry(s.name).subjects = s.subjects;
    for (const d of topology.durables) await this.durable(d);
  }

  async pendingMessages(spec: DurableSpec): Promise<number> {
    return this.durables.get(floorKey(spec.stream, spec.name))?.unacknowledged() ?? 0;
  }

  private async durable(spec: DurableSpec): Promise<Durable> {
    const floors = await this.load();
    const key = floorKey(spec.stream, spec.name);
    let d = this.durables.get(key);
    if (!d) {
      d = new Durable(spec, this);
      d.floor = floors.get(key) ?? 0;
      const stream = this.stream(spec.stream);
      for (let seq = d.floor + 1; seq <= stream.lastSeq; seq++) {
        const m = stream.messages.get(seq);
        if (m && subjectMatches(spec.filterSubject, m.subject)) d.enqueue(seq);
        else d.passOver(seq);
      }
      this.durables.set(key, d);
    }
    return d;
  }

  async saveFloor(spec: DurableSpec, floor: number): Promise<void> {
    const floorsOfStream = [...this.durables.values()].filter((d) => d.spec.stream === spec.stream).map((d) => d.floor);
    const pruneUpTo = Math.min(...floorsOfStream);
    const s = this.stream(spec.stream);
    // Messages are kept in sequence order: stop at the first one some consumer still needs.
    for (const seq of s.messages.keys()) {
      if (seq > pruneUpTo) break;
      s.messages.delete(seq);
    }
    await this.store.saveFloor(spec.stream, spec.name, floor, pruneUpTo, new Date(Date.now() - DUPLICATE_WINDOW_MS));
  }

  async publish(subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    await this.load();
    const s = [...this.streams.values()].find((st) => st.subjects.some((p) => subjectMatches(p, subject)));
    if (!s) throw new NoRespondersError(`no stream stores ${subject}`);
    const now = Date.now();
    const seen = s.dedupe.get(opts.msgId);
    if (seen && now - seen.at < DUPLICATE_WINDOW_MS) return { stream: s.name, seq: seen.seq, duplicate: true };
    const seq = ++s.lastSeq;
    s.dedupe.set(opts.msgId, { seq, at: now });
    const stored: StoredMessage = {
      stream: s.name,
      seq,
      subject,
      msgId: opts.msgId,
      headers: { ...opts.headers, 'Nats-Msg-Id': opts.msgId },
      data: JSON.stringify(payload),
      storedAt: now,
    };
    try {
      await this.store.append(stored);
    } catch (err) {
      s.dedupe.delete(opts.msgId);
      for (const d of this.durables.values()) if (d.spec.stream === s.name) d.moveOver(seq);
      throw new BusUnavailableError(`could not store message: ${(err as Error).message}`);
    }
    s.messages.set(seq, stored);
    if (s.dedupe.size > 10_000)
      for (const [id, v] of s.dedupe) if (now - v.at > DUPLICATE_WINDOW_MS) s.dedupe.delete(id);
    for (const d of this.durables.values()) {
      if (d.spec.stream !== s.name) continue;
      if (subjectMatches(d.spec.filterSubject, subject)) {
        d.enqueue(seq);
        d.pump();
      } else d.moveOver(seq);
    }
    return { stream: s.name, seq, duplicate: false };
  }

  async consume(spec: DurableSpec, handler: MessageHandler, opts: ConsumeOptions = {}): Promise<ConsumerHandle> {
    const d = await this.durable(spec);
    const worker: Worker = { handler, capacity: opts.maxInFlight ?? 64, inFlight: 0, stopped: false };
    d.workers.push(worker);
    d.pump();
    return {
      stop: async () => {
        worker.stopped = true;
        d.workers.splice(d.workers.indexOf(worker), 1);
        if (worker.inFlight > 0) await new Promise<void>((resolve) => (worker.idle = resolve));
        await d.flushed();
      },
    };
  }

  async request(
    subject: string,
    payload: unknown,
    opts: { timeoutMs?: number; headers?: Headers } = {},
  ): Promise<unknown> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
    const list = this.servers.get(subject) ?? [];
    if (list.length === 0) throw new NoRespondersError(`no service answers ${subject}`);
    const i = (this.rr.get(subject) ?? 0) % list.length;
    this.rr.set(subject, i + 1);
    const data = JSON.parse(JSON.stringify(payload ?? null)) as unknown;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RequestTimeoutError(`${subject} timed out`)), opts.timeoutMs ?? 10_000);
    });
    try {
      const reply = await Promise.race([list[i]!.handler(data, { subject, headers: { ...opts.headers } }), timeout]);
      return JSON.parse(JSON.stringify(reply ?? null)) as unknown;
    } finally {
      clearTimeout(timer);
    }
  }

  async serve(subject: string, queue: string, handler: ReplyHandler): Promise<ServeHandle> {
    const entry = { queue, handler };
    const list = this.servers.get(subject) ?? [];
    list.push(entry);
    this.servers.set(subject, list);
    return {
      stop: async () => {
        const l = this.servers.get(subject) ?? [];
        l.splice(l.indexOf(entry), 1);
      },
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new BusUnavailableError('bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.durables.values()].map((d) => d.flushed()));
  }
}
