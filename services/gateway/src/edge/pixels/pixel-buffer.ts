/**
 * The gateway's write buffer for pixel hits (after Plausible's write buffer): accepted hits
 * wait in memory and leave as ONE published batch event per flush — when the buffer holds
 * `maxHits` hits or `maxBytes` of JSON (NATS caps a message at 1 MB), `maxWaitMs` after the
 * first hit of a batch, and at shutdown (`drain`). The batch's event id is its Nats-Msg-Id,
 * so a retried publish is stored once.
 *
 * Flushed batches form a backlog that one sender publishes in order. While the bus is away
 * the sender keeps retrying the oldest batch with capped back-off and nothing is given up:
 * every answered hit stays in memory, up to `maxBacklogHits` hits and `maxBacklogBytes` of
 * JSON (buffered and backlog together). Past that bound `add` refuses the hit, and the
 * ingestion pipeline counts it as dropped (`buffer_full`; the visitor still gets the GIF). When the bus is
 * back the backlog goes out oldest first. Only a shutdown that outlasts `drainTimeoutMs` with
 * the bus still away gives up, counting what is left as dropped (`publish_failed`).
 */
import { eventMeta } from '@lp/contracts';
import type { Bus, Counters, Logger } from '@lp/runtime';

/** What a buffer holds: the site's page views or named events, or e-mail opens and clicks. */
export type HitKind = 'pageview' | 'event' | 'email';

export type PixelBufferOptions<H = unknown> = {
  kind: HitKind;
  subject: string;
  bus: Pick<Bus, 'publish'>;
  log: Logger;
  counters: Counters;
  maxHits?: number;
  maxBytes?: number;
  maxWaitMs?: number;
  /** Hits kept while they wait for the bus: buffered plus flushed and not yet stored. */
  maxBacklogHits?: number;
  /** The same bound in bytes of hit JSON. */
  maxBacklogBytes?: number;
  /** Waits before each retry of the oldest batch; the last one repeats while the bus is away. */
  retryDelaysMs?: readonly number[];
  /** At shutdown, how long to keep trying an absent bus before the backlog is given up. */
  drainTimeoutMs?: number;
  /**
   * Splits hits into this many partitions (`partitionOf`), each buffered and flushed as batches
   * of its own carrying `partition`: the analytics service stores batches of different
   * partitions at the same time. 1 (the default): one buffer, batches without a partition.
   */
  partitions?: number;
  partitionOf?: (hit: H) => number;
};

export const PIXEL_BUFFER_DEFAULTS = {
  // Every batch is one transaction of the analytics service (hits, visits and roll-ups), so
  // big batches cost it much less per hit; 1000 hits are about 250 KB of JSON.
  maxHits: 1000,
  maxBytes: 512 * 1024,
  maxWaitMs: 100,
  maxBacklogHits: 20_000,
  maxBacklogBytes: 8 * 1024 * 1024,
  retryDelaysMs: [100, 500, 2000, 5000],
  drainTimeoutMs: 10_000,
  partitions: 1,
} as const;

export type HitBatch<H> = ReturnType<typeof eventMeta> & { partition?: number; hits: H[] };

type Flushed<H> = { batch: HitBatch<H>; bytes: number };

export class PixelBuffer<H> {
  /** Buffered hits and their bytes, per partition. */
  private readonly hits: H[][];
  private readonly bytes: number[];
  private buffered = 0;
  private bufferedBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Flushed batches not yet stored, oldest first. */
  private readonly backlog: Flushed<H>[] = [];
  private backlogHits = 0;
  private backlogBytes = 0;
  private sending: Promise<void> | undefined;
  private givingUp = false;
  private wake: (() => void) | undefined;
  private readonly o: Required<Omit<PixelBufferOptions<H>, 'partitionOf'>> & Pick<PixelBufferOptions<H>, 'partitionOf'>;

  constructor(opts: PixelBufferOptions<H>) {
    this.o = { ...PIXEL_BUFFER_DEFAULTS, ...opts };
    this.hits = Array.from({ length: this.o.partitions }, () => []);
    this.bytes = Array.from({ length: this.o.partitions }, () => 0);
  }

  /** Hits waiting: buffered, or in a batch not yet stored by the bus. */
  get pending(): number {
    return this.buffered + this.backlogHits;
  }

  /** Bytes of hit JSON waiting, counted like `pending`. */
  get pendingBytes(): number {
    return this.bufferedBytes + this.backlogBytes;
  }

  /** Buffers one hit; false when the bound is reached (the hit is not kept). */
  add(hit: H): boolean {
    const size = Buffer.byteLength(JSON.stringify(hit)) + 1;
    if (this.pending >= this.o.maxBacklogHits || this.pendingBytes + size > this.o.maxBacklogBytes) return false;
    const p = this.o.partitions > 1 && this.o.partitionOf ? this.o.partitionOf(hit) : 0;
    if (this.hits[p]!.length > 0 && this.bytes[p]! + size > this.o.maxBytes) this.flushPartition(p);
    this.hits[p]!.push(hit);
    this.bytes[p]! += size;
    this.buffered++;
    this.bufferedBytes += size;
    if (this.hits[p]!.length >= this.o.maxHits) this.flushPartition(p);
    if (this.buffered === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.o.maxWaitMs);
      this.timer.unref?.();
    }
    return true;
  }

  /** Moves what is buffered into the backlog, one batch per partition; the sender publishes them in turn. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (let p = 0; p < this.hits.length; p++) this.flushPartition(p);
  }

  private flushPartition(p: number): void {
    const hits = this.hits[p]!;
    if (hits.length === 0) return;
    const bytes = this.bytes[p]!;
    const batch: HitBatch<H> = { ...eventMeta(), ...(this.o.partitions > 1 ? { partition: p } : {}), hits };
    this.backlog.push({ batch, bytes });
    this.backlogHits += hits.length;
    this.backlogBytes += bytes;
    this.buffered -= hits.length;
    this.bufferedBytes -= bytes;
    this.hits[p] = [];
    this.bytes[p] = 0;
    this.sending ??= this.send().finally(() => (this.sending = undefined));
  }

  /**
   * Shutdown: flushes and waits until the backlog is stored; if the bus is still away after
   * `drainTimeoutMs`, what is left is counted as dropped and drain ends.
   */
  async drain(): Promise<void> {
    this.flush();
    if (!this.sending) return;
    const deadline = setTimeout(() => {
      this.givingUp = true;
      this.wake?.();
    }, this.o.drainTimeoutMs);
    deadline.unref?.();
    try {
      while (this.sending) await this.sending;
    } finally {
      clearTimeout(deadline);
    }
  }

  /** Publishes the backlog oldest first; retries the oldest batch until it is stored. */
  private async send(): Promise<void> {
    const { kind, subject, counters, retryDelaysMs } = this.o;
    let failures = 0;
    while (this.backlog.length > 0) {
      const { batch, bytes } = this.backlog[0]!;
      const log = this.o.log.child({ eventId: batch.id, kind, hits: batch.hits.length });
      try {
        const r = await this.o.bus.publish(subject, batch, { msgId: batch.id });
        counters.inc('gateway_hit_batches_published_total', { kind });
        log.debug({ seq: r.seq, duplicate: r.duplicate, attempt: failures + 1 }, 'pixel batch published');
        if (failures > 0) log.info({ attempts: failures + 1, backlog: this.backlogHits }, 'bus back; publishing');
        this.backlog.shift();
        this.backlogHits -= batch.hits.length;
        this.backlogBytes -= bytes;
        failures = 0;
      } catch (err) {
        if (this.givingUp) return this.giveUp(err);
        const delayMs = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 1000;
        failures++;
        counters.inc('gateway_hit_batch_retries_total', { kind });
        log.warn(
          { err, attempt: failures, delayMs, backlog: this.backlogHits },
          'pixel batch publish failed; retrying',
        );
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, delayMs);
          this.wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        this.wake = undefined;
      }
    }
  }

  private giveUp(err: unknown): void {
    const hits = this.backlogHits;
    this.o.counters.inc('gateway_hits_dropped_total', { reason: 'publish_failed' }, hits);
    this.o.log.error(
      { err, kind: this.o.kind, hits, batches: this.backlog.length },
      'pixel hits dropped: the bus stayed away through shutdown',
    );
    this.backlog.length = 0;
    this.backlogHits = 0;
    this.backlogBytes = 0;
  }
}
