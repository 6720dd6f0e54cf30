/**
 * The event bus, shaped after JetStream so the embedded adapter cannot hide semantics the
 * real one has:
 * - `publish` resolves only once the message is stored; `msgId` de-duplicates re-publishes.
 * - `consume` is at-least-once through a named durable consumer, with explicit ack / nak(delay)
 *   / term, redelivery after the ack wait, and a bound on unacknowledged messages in flight.
 *   Every replica consuming the same durable shares its work.
 * - `request` / `serve` are request/reply with a queue group (one replica answers).
 */
import type { BusTopology, DurableSpec } from '@lp/contracts';

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
  ack(): void;
  /** Asks for redelivery, after `delayMs` when given. */
  nak(delayMs?: number): void;
  /** Never deliver this message again. */
  term(reason?: string): void;
}

export type MessageHandler = (msg: BusMessage) => Promise<void>;

export interface ConsumerHandle {
  /** Stops taking new messages and waits for the ones in hand; the rest are redelivered. */
  stop(): Promise<void>;
}

export type ConsumeOptions = {
  /** Messages handed to the handler at once (the handler runs them concurrently). */
  maxInFlight?: number;
};

export type ReplyHandler = (payload: unknown, meta: { subject: string; headers: Headers }) => Promise<unknown>;

export interface ServeHandle {
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
  publish(subject: string, payload: unknown, opts: PublishOptions): Promise<PublishResult>;
  consume(durable: DurableSpec, handler: MessageHandler, opts?: ConsumeOptions): Promise<ConsumerHandle>;
  request(subject: string, payload: unknown, opts?: { timeoutMs?: number; headers?: Headers }): Promise<unknown>;
  serve(subject: string, queue: string, handler: ReplyHandler): Promise<ServeHandle>;
  /** Messages of a durable not yet acknowledged: waiting plus delivered (the metrics' gauge). */
  pendingMessages(durable: DurableSpec): Promise<number>;
  /** Resolves when the bus is reachable (readiness). */
  ping(): Promise<void>;
  /** Drains subscriptions and closes. */
  close(): Promise<void>;
}

export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}
export class NoRespondersError extends Error {
  override name = 'NoRespondersError';
}
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

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
  };
}
