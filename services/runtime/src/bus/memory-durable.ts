/**
 * One durable consumer of the embedded bus: where it stands (its `ConsumerPositions`), the
 * workers (replicas) sharing it, and delivery as JetStream does it — round robin over workers
 * with room, ack-wait redelivery, nak with a delay, max deliveries — saving its ack floor.
 */
import type { DurableSpec } from '@lp/contracts';
import type { Logger } from '../logger.ts';
import type { ConsumerPositions } from './consumer-positions.ts';
import type { StoredMessage, StreamStore } from './memory-store.ts';
import { subjectMatches, type BusMessage, type MessageHandler, type TopologyOptions } from './types.ts';

/** What a durable needs from its bus. */
export type DurableHost = {
  readonly topology: TopologyOptions;
  readonly log: Logger | undefined;
  readonly store: StreamStore;
  messageAt(stream: string, seq: number): StoredMessage | undefined;
  /** A retained message whose payload is only in the store; undefined when there is none. */
  readBack(stream: string, seq: number): Promise<StoredMessage | undefined> | undefined;
  /** The durable's ack floor moved: what every durable has passed need not stay in memory. */
  released(stream: string): void;
};

export type Worker = {
  handler: MessageHandler;
  capacity: number;
  inFlight: number;
  stopped: boolean;
  /** Hands back (nak) a message the worker's handler still runs: for a stop that cannot wait. */
  held: Set<() => void>;
  idle?: () => void;
};

/** One durable consumer: its positions, the workers (replicas) sharing it, and delivery. */
export class MemoryDurable {
  readonly workers: Worker[] = [];
  private rr = 0;
  private saving: Promise<void> = Promise.resolve();
  private savePending = false;

  constructor(
    readonly spec: DurableSpec,
    readonly positions: ConsumerPositions,
    private readonly bus: DurableHost,
  ) {}

  /** A message stored in the durable's stream: queued when its subject matches the filter. */
  offer(seq: number, subject: string | undefined): void {
    if (subject !== undefined && subjectMatches(this.spec.filterSubject, subject)) this.positions.enqueue(seq);
    else this.finish(seq);
  }

  pump(): void {
    while (this.positions.hasWaiting()) {
      const worker = this.nextWorker();
      if (!worker) return;
      const seq = this.positions.next();
      if (seq === undefined) return;
      this.deliver(seq, worker);
    }
  }

  /** Finishes a sequence (acked, terminated, never for this durable, gone, out of deliveries). */
  finish(seq: number): void {
    if (!this.positions.finish(seq)) return;
    this.saveFloor();
    this.bus.released(this.spec.stream);
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

  private redeliver(seq: number): void {
    this.positions.enqueue(seq, true);
    this.pump();
  }

  private deliver(seq: number, worker: Worker): void {
    const stored = this.bus.messageAt(this.spec.stream, seq);
    if (stored) return this.deliverStored(seq, stored, worker);
    const reading = this.bus.readBack(this.spec.stream, seq);
    // Retention removed it before its turn: JetStream skips such a message too.
    if (!reading) return this.finish(seq);
    // The read holds the worker's room, so a worker reads no more payloads at once than it handles.
    worker.inFlight++;
    const release = () => {
      worker.inFlight--;
      if (worker.inFlight === 0) worker.idle?.();
    };
    reading.then(
      (found) => {
        release();
        if (!found) return this.finish(seq);
        if (worker.stopped) return this.redeliver(seq);
        this.deliverStored(seq, found, worker);
      },
      (err: unknown) => {
        release();
        this.bus.log?.warn({ err, seq, durable: this.spec.name }, 'could not read a message back; redelivering');
        setTimeout(() => this.redeliver(seq), 1000).unref?.();
      },
    );
  }

  private deliverStored(seq: number, stored: StoredMessage, worker: Worker): void {
    const count = this.positions.delivered(seq);
    const { maxDeliver, ackWaitMs } = this.bus.topology;
    if (maxDeliver > 0 && count > maxDeliver) {
      this.bus.log?.error(
        { stream: this.spec.stream, durable: this.spec.name, seq },
        'message exceeded max deliveries',
      );
      return this.finish(seq);
    }
    worker.inFlight++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      worker.held.delete(handBack);
      worker.inFlight--;
      if (worker.inFlight === 0) worker.idle?.();
      return true;
    };
    const timer = setTimeout(() => settle() && this.redeliver(seq), ackWaitMs);
    timer.unref?.();
    const done = () => {
      if (!settle()) return;
      this.finish(seq);
      this.pump();
    };
    const msg: BusMessage = {
      subject: stored.subject,
      seq,
      msgId: stored.msgId,
      headers: { ...stored.headers },
      deliveryCount: count,
      json: () => JSON.parse(stored.data) as unknown,
      bytes: () => Buffer.from(stored.data),
      ack: done,
      term: done,
      nak: (delayMs = 0) => {
        if (!settle()) return;
        if (delayMs === 0) return this.redeliver(seq);
        setTimeout(() => this.redeliver(seq), delayMs).unref?.();
        this.pump();
      },
    };
    // Settled like any nak: a handler that finishes afterwards acks nothing.
    const handBack = () => msg.nak();
    worker.held.add(handBack);
    queueMicrotask(() => {
      worker.handler(msg).catch((err: unknown) => {
        this.bus.log?.warn({ err, seq, durable: this.spec.name }, 'consumer handler threw; redelivering');
        msg.nak(1000);
      });
    });
  }

  /** Saves the floor; saves asked for while one is running collapse into one. */
  private saveFloor(): void {
    if (this.savePending) return;
    this.savePending = true;
    this.saving = this.saving
      .then(() => {
        this.savePending = false;
        return this.bus.store.saveFloor(this.spec.stream, this.spec.name, this.positions.floor);
      })
      .catch((err: unknown) => this.bus.log?.error({ err }, 'could not save consumer position'));
  }

  flushed(): Promise<void> {
    return this.saving;
  }
}
