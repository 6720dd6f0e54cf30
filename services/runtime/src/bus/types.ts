/**
 * The event bus, shaped after JetStream so the embedded adapter cannot hide semantics the
 * real one has:
 * - `publish` resolves only once the message is stored; `msgId` de-duplicates re-publishes.
 * - `consume` is at-least-once through a named durable consumer, with explicit ack / nak(delay)
 *   / term, redelivery after the ack wait, and a bound on unacknowledged messages in flight.
 *   Every replica consuming the same durable shares its work.
 * - `request` / `serve` are request/reply with queue groups, as in NATS core: each queue group
 *   that serves a subject gets the request once (its members take turns), every group gets it,
 *   and the first reply wins; a handler that fails sends no reply (the caller times out).
 * - `subscribe` is fire-and-forget, as a NATS core subscription: every subscriber (in every
 *   process) gets each message published to the subject while it listens, once, after it is
 *   stored; nothing is replayed, acknowledged or redelivered (notifications such as "drop your
 *   cache", where a missed one is covered by a timer).
 * - Streams keep messages by their retention limits (age, bytes, count), never by consumers.
 * - A message (payload + headers) over the server's `max_payload` is refused; a payload that
 *   large travels as a large payload instead (`putLarge` by key, the key in a message, `getLarge`
 *   by the reader), kept at most `LARGE_PAYLOADS.maxAgeMs`.
 * - Every failure has one error type, the same on both adapters (below).
 */
import {
  BUS_MAX_PAYLOAD_BYTES,
  LARGE_PAYLOAD_KEY_PATTERN,
  type BusTopology,
  type DurableSpec,
  type StreamSpec,
} from '@lp/contracts';

export type Headers = Record<string, string>;

export type PublishOptions = { msgId: string; headers?: Headers; timeoutMs?: number };
export type PublishResult = { stream: string; seq: number; duplicate: boolean };

export interface BusMessage {
  readonly subject: string;
  /** Stream sequence: unique per stream, stable across redeliveries. */
  readonly seq: number;
  readonly msgId: string | undefined;
  readonly headers: Headers;
  /** 1 on first delivery. */
  readonly deliveryCount: number;
  /** The payload parsed from JSON; unknown until schema-checked. */
  json(): unknown;
  /** The payload as received (what a dead letter keeps). */
  bytes(): Uint8Array;
  ack(): void;
  /** Asks for redelivery, after `delayMs` when given. */
  nak(delayMs?: number): void;
  /** Never deliver this message again. */
  term(reason?: string): void;
}

export type MessageHandler = (msg: BusMessage) => Promise<void>;

export interface ConsumerHandle {
  /**
   * Stops fetching at once, hands back (nak, no delay) what was fetched and not started, and
   * waits for running handlers up to the stop grace; a message whose handler is still running
   * then is handed back too (its later ack does nothing). Resolves within the grace, however
   * large the backlog; every message not acknowledged is redelivered to the next consumer.
   */
  stop(): Promise<void>;
}

/** How long a stopping consumer waits for its running handlers (a shutdown has 10 s in all). */
export const STOP_GRACE_MS = 5_000;

export type ConsumeOptions = {
  /** Messages handed to the handler at once (the handler runs them concurrently). */
  maxInFlight?: number;
  /** How long `stop()` waits for running handlers before handing their messages back. */
  stopGraceMs?: number;
};

/** Waits for `running` to settle, at most `ms`; true when some were still running then. */
export async function settleWithin(running: readonly Promise<unknown>[], ms: number): Promise<boolean> {
  if (running.length === 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(true), ms)));
  const all = Promise.allSettled(running).then(() => false);
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}

export type ReplyHandler = (payload: unknown, meta: { subject: string; headers: Headers }) => Promise<unknown>;

export interface ServeHandle {
  stop(): Promise<void>;
}

/** A notification as a subscriber sees it: the payload parsed from JSON (undefined if it is not JSON). */
export type NotificationHandler = (payload: unknown, meta: { subject: string; headers: Headers }) => void;

export interface SubscriptionHandle {
  stop(): Promise<void>;
}

export type TopologyOptions = {
  /** How long a delivered message may stay unacknowledged before it is redelivered. */
  ackWaitMs: number;
  /**
   * Deliveries before a message is given up on (then logged as dead); -1 = never. The default
   * is never: the consumer template terminates invalid and poison messages itself, so only
   * transient failures are retried, and a database outage of any length must lose nothing.
   */
  maxDeliver: number;
  /** Stream replicas (R3 in production clusters). */
  replicas: number;
};

export interface Bus {
  readonly kind: 'nats' | 'memory';
  /** Creates or updates the streams and durable consumers the running services declare. */
  ensureTopology(topology: BusTopology): Promise<void>;
  /** Creates (or updates) one durable consumer; a new one starts at the oldest retained message. */
  ensureDurable(durable: DurableSpec): Promise<void>;
  publish(subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult>;
  consume(durable: DurableSpec, handler: MessageHandler, opts?: ConsumeOptions): Promise<ConsumerHandle>;
  request(subject: string, payload: unknown, opts?: { timeoutMs?: number; headers?: Headers }): Promise<unknown>;
  serve(subject: string, queue: string, handler: ReplyHandler): Promise<ServeHandle>;
  /**
   * Every message published to `subject` (wildcards allowed) from the time this resolves, to this
   * subscriber and to every other one; no durable, no ack, no replay.
   */
  subscribe(subject: string, handler: NotificationHandler): Promise<SubscriptionHandle>;
  /**
   * Stores `data` whole under `key` (replacing what the key held), readable by every process of
   * the bus; resolves once stored. Over `LARGE_PAYLOADS.maxPayloadBytes` it is a
   * PayloadTooLargeError (nothing stored); a store that cannot take it is BusUnavailableError.
   */
  putLarge(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** The bytes stored under `key`; undefined when never stored, deleted, or past its age. */
  getLarge(key: string): Promise<Buffer | undefined>;
  /** Forgets `key` (nothing happens when it is not there). */
  deleteLarge(key: string): Promise<void>;
  /** Messages of a durable not yet acknowledged: waiting plus delivered (the metrics' gauge). */
  pendingMessages(durable: DurableSpec): Promise<number>;
  /** Resolves when the bus is reachable (readiness). */
  ping(): Promise<void>;
  /** Drains subscriptions and closes. */
  close(): Promise<void>;
}

/** The bus cannot be reached, or did not confirm storing the message: nothing was stored. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}
/** No stream takes the subject: publishing there can never succeed (a programming error). */
export class NoStreamError extends Error {
  override name = 'NoStreamError';
}
/** Payload and headers together exceed the server's `max_payload`. */
export class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`message of ${size} bytes exceeds the bus limit of ${limit} bytes`);
  }
}
/** A request nobody serves. */
export class NoRespondersError extends Error {
  override name = 'NoRespondersError';
}
/** A request nobody answered in time (a server failed, or is too slow). */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/** Every error a bus adapter throws. */
export const isBusError = (
  err: unknown,
): err is BusUnavailableError | NoStreamError | PayloadTooLargeError | NoRespondersError | RequestTimeoutError =>
  err instanceof BusUnavailableError ||
  err instanceof NoStreamError ||
  err instanceof PayloadTooLargeError ||
  err instanceof NoRespondersError ||
  err instanceof RequestTimeoutError;

export { BUS_MAX_PAYLOAD_BYTES };

/**
 * The size NATS checks against `max_payload`: the payload plus the encoded header block
 * (`NATS/1.0\r\n`, one `key: value\r\n` per header, a closing `\r\n`). Both adapters measure a
 * message this way, with the headers they actually send (JetStream adds `Nats-Msg-Id`).
 */
export function wireSize(data: string | Uint8Array, headers: Headers): number {
  const dataBytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  const entries = Object.entries(headers);
  if (entries.length === 0) return dataBytes;
  let h = Buffer.byteLength('NATS/1.0\r\n\r\n');
  for (const [k, val] of entries) h += Buffer.byteLength(`${k}: ${val}\r\n`);
  return dataBytes + h;
}

/** A large payload's key: letters, digits, `-`, `_`, `.`, up to 200 (a hash, a UUID, a prefix). */
export function checkLargeKey(key: string): void {
  if (!LARGE_PAYLOAD_KEY_PATTERN.test(key)) throw new Error(`invalid large payload key: ${JSON.stringify(key)}`);
}

/**
 * Joins a large payload's pieces, refusing it as soon as it passes `limit` (so an endless
 * source is not read whole first).
 */
export async function collectLarge(data: Uint8Array | AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for await (const piece of data instanceof Uint8Array ? [data] : data) {
    size += piece.byteLength;
    if (size > limit) throw new PayloadTooLargeError(size, limit);
    pieces.push(piece);
  }
  return Buffer.concat(pieces, size);
}

/** The stream that stores a subject, if any. */
export const streamOf = (streams: readonly StreamSpec[], subject: string): StreamSpec | undefined =>
  streams.find((s) => s.subjects.some((p) => subjectMatches(p, subject)));

export const DEFAULT_TOPOLOGY: TopologyOptions = { ackWaitMs: 30_000, maxDeliver: -1, replicas: 1 };

/** NATS subject matching with `*` (one token) and `>` (one or more trailing tokens). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/**
 * Namespacing lets several test runs (or tenants) share one NATS server: subjects get a
 * `ns.` prefix, stream and durable names an `NS_` prefix. Empty namespace = no change.
 */
export function namespacer(ns: string) {
  const clean = ns.replace(/[^A-Za-z0-9_-]/g, '_');
  return {
    subject: (s: string) => (clean ? `${clean}.${s}` : s),
    unsubject: (s: string) => (clean && s.startsWith(`${clean}.`) ? s.slice(clean.length + 1) : s),
    name: (n: string) => (clean ? `${clean}_${n}` : n),
    /**
     * Whether a JetStream stream is this namespace's: its streams (`ns_CRM`) and its large-payload
     * bucket's (`OBJ_ns_LARGE_PAYLOADS`). What deletes a namespace (tests, benches) deletes both.
     */
    owns: (stream: string) => clean !== '' && (stream.startsWith(`${clean}_`) || stream.startsWith(`OBJ_${clean}_`)),
  };
}
