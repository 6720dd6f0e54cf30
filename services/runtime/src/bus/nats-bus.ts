/**
 * The JetStream adapter of the bus (distributed mode). Streams and durable pull consumers
 * are ensured at start-up from contracts; consumers follow the nats.js idiom: fetch the
 * durable by name, `consume()` loop, ack after the handler committed, nak(delay) on
 * transient failure, term() on poison, and on stop hand back (nak) what was buffered.
 */
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  connect,
  headers as natsHeaders,
  InvalidArgumentError,
  nanos,
  NoRespondersError as NatsNoResponders,
  RequestError,
  TimeoutError,
  type NatsConnection,
} from '@nats-io/transport-node';
import { ReadableStream } from 'node:stream/web';
import { Objm, type ObjectStore } from '@nats-io/obj';
import { LARGE_PAYLOADS, type BusTopology, type DurableSpec, type StreamSpec } from '@lp/contracts';
import type { Logger } from '../logger.ts';
import {
  BUS_MAX_PAYLOAD_BYTES,
  BusUnavailableError,
  checkLargeKey,
  DEFAULT_TOPOLOGY,
  namespacer,
  NoRespondersError,
  NoStreamError,
  PayloadTooLargeError,
  RequestTimeoutError,
  streamOf,
  wireSize,
  type Bus,
  type BusMessage,
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

const enc = new TextEncoder();
const dec = new TextDecoder();

export type NatsBusOptions = {
  url: string;
  name: string;
  log?: Logger;
  namespace?: string;
  topology?: Partial<TopologyOptions>;
  /** Give up connecting at start-up after this long (the process then exits and is restarted). */
  connectTimeoutMs?: number;
};

/**
 * Deletes every stream of a bus namespace on a NATS server (its streams and its large-payload
 * bucket): what a test run or a benchmark leaves behind on a shared server.
 */
export async function deleteBusNamespace(natsUrl: string, ns: string): Promise<void> {
  const owned = namespacer(ns);
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const s of jsm.streams.list()) if (owned.owns(s.config.name)) await jsm.streams.delete(s.config.name);
  } finally {
    await nc.close();
  }
}

export async function connectNatsBus(opts: NatsBusOptions): Promise<NatsBus> {
  const deadline = Date.now() + (opts.connectTimeoutMs ?? 30_000);
  for (let attempt = 1; ; attempt++) {
    try {
      const nc = await connect({
        servers: opts.url.split(','),
        name: opts.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        timeout: 5000,
      });
      return new NatsBus(nc, opts);
    } catch (err) {
      if (Date.now() > deadline) throw new BusUnavailableError(`cannot reach NATS: ${(err as Error).message}`);
      opts.log?.warn({ attempt, err: (err as Error).message }, 'NATS not reachable yet; retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private readonly js: JetStreamClient;
  private jsm: JetStreamManager | undefined;
  private readonly ns: ReturnType<typeof namespacer>;
  private readonly topology: TopologyOptions;
  private readonly log: Logger | undefined;
  /** The streams the topology named (ensureTopology): a publish outside them is NoStreamError. */
  private readonly streamSpecs: StreamSpec[] = [];
  private largeStore: Promise<ObjectStore> | undefined;

  constructor(
    readonly nc: NatsConnection,
    opts: NatsBusOptions,
  ) {
    this.js = jetstream(nc, { timeout: 5000 });
    this.ns = namespacer(opts.namespace ?? '');
    this.topology = { ...DEFAULT_TOPOLOGY, ...opts.topology };
    this.log = opts.log;
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnect') this.log?.warn({ status: s.type }, 'NATS connection');
      }
    })();
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await jetstreamManager(this.nc, { timeout: 5000 });
    return this.jsm;
  }

  /** The server's `max_payload` (1 MiB unless configured), known once connected. */
  get maxPayload(): number {
    return this.nc.info?.max_payload ?? BUS_MAX_PAYLOAD_BYTES;
  }

  async ensureTopology(topology: BusTopology): Promise<void> {
    const jsm = await this.manager();
    for (const s of topology.streams) {
      if (!this.streamSpecs.some((known) => known.name === s.name)) this.streamSpecs.push(s);
      const cfg = {
        name: this.ns.name(s.name),
        subjects: s.subjects.map((x) => this.ns.subject(x)),
        storage: StorageType.File,
        // Limits retention, oldest discarded first: what the embedded bus does too.
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        max_age: nanos(s.limits.maxAgeMs),
        max_bytes: s.limits.maxBytes,
        max_msgs: s.limits.maxMsgs,
        duplicate_window: nanos(s.limits.duplicateWindowMs),
        num_replicas: this.topology.replicas,
      };
      const exists = await jsm.streams.info(cfg.name).then(
        () => true,
        () => false,
      );
      if (exists) await jsm.streams.update(cfg.name, cfg);
      else await jsm.streams.add(cfg);
    }
    for (const d of topology.durables) await this.ensureDurable(d);
  }

  async ensureDurable(d: DurableSpec): Promise<void> {
    const jsm = await this.manager();
    const stream = this.ns.name(d.stream);
    const name = this.ns.name(d.name);
    const cfg = {
      ack_policy: AckPolicy.Explicit,
      filter_subject: this.ns.subject(d.filterSubject),
      ack_wait: nanos(this.topology.ackWaitMs),
      max_deliver: this.topology.maxDeliver,
      max_ack_pending: 1000,
    };
    const exists = await jsm.consumers.info(stream, name).then(
      () => true,
      () => false,
    );
    if (exists) await jsm.consumers.update(stream, name, cfg);
    else await jsm.consumers.add(stream, { ...cfg, durable_name: name, deliver_policy: DeliverPolicy.All });
  }

  async pendingMessages(d: DurableSpec): Promise<number> {
    const info = await (await this.manager()).consumers.info(this.ns.name(d.stream), this.ns.name(d.name));
    return info.num_pending + info.num_ack_pending;
  }

  /** Refuses what the server would refuse, with the error the embedded bus gives. */
  private checkSize(data: Uint8Array, headers: Headers): void {
    const size = wireSize(data, headers);
    if (size > this.maxPayload) throw new PayloadTooLargeError(size, this.maxPayload);
  }

  async publish(subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult> {
    const data = enc.encode(JSON.stringify(payload ?? null));
    this.checkSize(data, { ...opts.headers, 'Nats-Msg-Id': opts.msgId });
    if (!streamOf(this.streamSpecs, subject)) throw new NoStreamError(`no stream stores ${subject}`);
    const h = natsHeaders();
    for (const [k, val] of Object.entries(opts.headers ?? {})) h.set(k, val);
    try {
      const ack = await this.js.publish(this.ns.subject(subject), data, {
        msgID: opts.msgId,
        headers: h,
        timeout: opts.timeoutMs ?? 5000,
      });
      return { stream: ack.stream, seq: ack.seq, duplicate: ack.duplicate };
    } catch (err) {
      if (err instanceof InvalidArgumentError && /max_payload/.test(err.message))
        throw new PayloadTooLargeError(wireSize(data, { 'Nats-Msg-Id': opts.msgId }), this.maxPayload);
      // Not stored: the server is away, did not answer in time, or lost the stream.
      throw new BusUnavailableError(`publish to ${subject} failed: ${(err as Error).message}`);
    }
  }

  async consume(spec: DurableSpec, handler: MessageHandler, opts: ConsumeOptions = {}): Promise<ConsumerHandle> {
    const max = opts.maxInFlight ?? 64;
    const graceMs = opts.stopGraceMs ?? STOP_GRACE_MS;
    const consumer = await this.js.consumers.get(this.ns.name(spec.stream), this.ns.name(spec.name));
    // The fetch batch is the in-flight bound: nothing waits in the client's buffer for long.
    const messages = await consumer.consume({ max_messages: max });
    /** Each running handler, with the hand-back of its message for a stop that cannot wait. */
    const running = new Map<Promise<void>, () => void>();
    let stopping = false;
    let wakeLoop = () => {};
    const stopped = new Promise<void>((r) => (wakeLoop = r));
    const loop = (async () => {
      for await (const m of messages) {
        // Fetched but not started: back to the stream at once, with no delay, for the next consumer.
        if (stopping) {
          m.nak();
          continue;
        }
        const { msg, handBack } = this.wrap(m);
        const p: Promise<void> = handler(msg)
          .catch((err: unknown) => {
            this.log?.warn({ err, seq: m.seq, durable: spec.name }, 'consumer handler threw; redelivering');
            msg.nak(1000);
          })
          .finally(() => running.delete(p));
        running.set(p, handBack);
        if (running.size >= max) await Promise.race([...running.keys(), stopped]);
      }
    })();
    return {
      stop: async () => {
        stopping = true;
        wakeLoop();
        // No more pulls; what the client already holds is yielded to the loop above and nak'ed.
        await messages.close();
        await loop;
        const late = await settleWithin([...running.keys()], graceMs);
        if (late) {
          this.log?.warn(
            { durable: spec.name, handedBack: running.size, graceMs },
            'handlers still running at stop; messages handed back',
          );
          for (const handBack of running.values()) handBack();
        }
      },
    };
  }

  /**
   * The bus's view of a JetStream message. Its first ack/nak/term settles it and later ones do
   * nothing, so a message handed back at stop is not acked by a handler that finishes afterwards
   * (its work, if committed, is seen again on redelivery and de-duplicated by the consumer).
   */
  private wrap(m: JsMsg): { msg: BusMessage; handBack: () => void } {
    const headers: Headers = {};
    if (m.headers) for (const [k, vals] of m.headers) headers[k] = vals[0] ?? '';
    let settled = false;
    const once = (f: () => void) => () => {
      if (settled) return;
      settled = true;
      f();
    };
    const msg: BusMessage = {
      subject: this.ns.unsubject(m.subject),
      seq: m.seq,
      msgId: m.headers?.get('Nats-Msg-Id') || undefined,
      headers,
      deliveryCount: m.info.deliveryCount,
      json: () => JSON.parse(dec.decode(m.data)) as unknown,
      bytes: () => m.data,
      ack: once(() => m.ack()),
      nak: (delayMs?: number) => once(() => m.nak(delayMs))(),
      // A plain +TERM: servers before 2.10.4 ignore a term carrying a reason and redeliver.
      term: once(() => m.term()),
    };
    return { msg, handBack: () => msg.nak() };
  }

  async request(subject: string, payload: unknown, opts: { timeoutMs?: number; headers?: Headers } = {}) {
    const data = enc.encode(JSON.stringify(payload ?? null));
    this.checkSize(data, opts.headers ?? {});
    const h = natsHeaders();
    for (const [k, val] of Object.entries(opts.headers ?? {})) h.set(k, val);
    try {
      const reply = await this.nc.request(this.ns.subject(subject), data, {
        timeout: opts.timeoutMs ?? 10_000,
        headers: h,
      });
      return JSON.parse(dec.decode(reply.data)) as unknown;
    } catch (err) {
      if (err instanceof NatsNoResponders || (err instanceof RequestError && err.isNoResponders()))
        throw new NoRespondersError(`no service answers ${subject}`);
      if (err instanceof TimeoutError) throw new RequestTimeoutError(`${subject} timed out`);
      if (err instanceof InvalidArgumentError && /max_payload/.test(err.message))
        throw new PayloadTooLargeError(data.byteLength, this.maxPayload);
      throw new BusUnavailableError(`request ${subject} failed: ${(err as Error).message}`);
    }
  }

  async serve(subject: string, queue: string, handler: ReplyHandler): Promise<ServeHandle> {
    const sub = this.nc.subscribe(this.ns.subject(subject), {
      queue: this.ns.name(queue),
      callback: (err, msg) => {
        if (err) return this.log?.error({ err, subject }, 'subscription error');
        const headers: Headers = {};
        if (msg.headers) for (const [k, vals] of msg.headers) headers[k] = vals[0] ?? '';
        let payload: unknown = null;
        try {
          payload = msg.data.length ? (JSON.parse(dec.decode(msg.data)) as unknown) : null;
        } catch {
          payload = undefined;
        }
        // A handler that fails, or a reply over max_payload, answers nothing: the caller times out.
        void handler(payload, { subject, headers })
          .then((reply) => msg.respond(enc.encode(JSON.stringify(reply ?? null))))
          .catch((e: unknown) => this.log?.error({ err: e, subject }, 'reply handler failed'));
      },
    });
    return {
      stop: async () => {
        await sub.drain();
      },
    };
  }

  /**
   * A core subscription without a queue group: JetStream-stored messages reach core subscribers
   * of their subject too, so every subscribing process hears each publish. Resolves once the
   * server has registered the interest (a flush), so nothing published after it is missed.
   */
  async subscribe(subject: string, handler: NotificationHandler): Promise<SubscriptionHandle> {
    const sub = this.nc.subscribe(this.ns.subject(subject), {
      callback: (err, msg) => {
        if (err) return this.log?.error({ err, subject }, 'subscription error');
        const headers: Headers = {};
        if (msg.headers) for (const [k, vals] of msg.headers) headers[k] = vals[0] ?? '';
        let payload: unknown;
        try {
          payload = msg.data.length ? (JSON.parse(dec.decode(msg.data)) as unknown) : null;
        } catch {
          payload = undefined;
        }
        try {
          handler(payload, { subject: this.ns.unsubject(msg.subject), headers });
        } catch (e) {
          this.log?.error({ err: e, subject }, 'subscriber failed');
        }
      },
    });
    try {
      await this.nc.flush();
    } catch (err) {
      sub.unsubscribe();
      throw new BusUnavailableError(`subscribe ${subject} failed: ${(err as Error).message}`);
    }
    return {
      stop: async () => {
        if (!sub.isClosed()) await sub.drain();
      },
    };
  }

  /** The large-payload bucket, created on first use by whichever process needs it first. */
  private large(): Promise<ObjectStore> {
    this.largeStore ??= new Objm(this.nc)
      .create(this.ns.name(LARGE_PAYLOADS.bucket), {
        ttl: nanos(LARGE_PAYLOADS.maxAgeMs),
        max_bytes: LARGE_PAYLOADS.maxBytes,
        storage: StorageType.File,
        replicas: this.topology.replicas,
      })
      .catch((err: unknown) => {
        this.largeStore = undefined;
        throw new BusUnavailableError(`large payload bucket: ${(err as Error).message}`);
      });
    return this.largeStore;
  }

  async putLarge(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    checkLargeKey(key);
    const limit = LARGE_PAYLOADS.maxPayloadBytes;
    let size = 0;
    // Streamed in the bucket's chunks; counted on the way so an oversized source stops early.
    const counted = async function* () {
      for await (const piece of data instanceof Uint8Array ? [data] : data) {
        size += piece.byteLength;
        if (size > limit) throw new PayloadTooLargeError(size, limit);
        yield piece;
      }
    };
    const store = await this.large();
    try {
      // Node's web stream is what the client reads; DOM and Node typings name the type apart.
      const stream = ReadableStream.from(counted()) as unknown as Parameters<ObjectStore['put']>[1];
      const info = await store.put({ name: key, options: { max_chunk_size: LARGE_PAYLOADS.chunkBytes } }, stream);
      return { size: info.size };
    } catch (err) {
      if (err instanceof PayloadTooLargeError) throw err;
      throw new BusUnavailableError(`storing large payload ${key} failed: ${(err as Error).message}`);
    }
  }

  async getLarge(key: string): Promise<Buffer | undefined> {
    checkLargeKey(key);
    const store = await this.large();
    try {
      const bytes = await store.getBlob(key);
      return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
    } catch (err) {
      throw new BusUnavailableError(`reading large payload ${key} failed: ${(err as Error).message}`);
    }
  }

  async deleteLarge(key: string): Promise<void> {
    checkLargeKey(key);
    const store = await this.large();
    try {
      await store.delete(key);
    } catch (err) {
      // Deleting what is not there is done already.
      if (/not found/i.test((err as Error).message)) return;
      throw new BusUnavailableError(`deleting large payload ${key} failed: ${(err as Error).message}`);
    }
  }

  async ping(): Promise<void> {
    if (this.nc.isClosed()) throw new BusUnavailableError('NATS connection closed');
    await Promise.race([
      this.nc.rtt(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new BusUnavailableError('NATS did not answer')), 2000).unref(),
      ),
    ]);
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
