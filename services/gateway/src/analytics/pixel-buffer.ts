/**
 * The gateway's write buffer for pixel hits (after Plausible's write buffer): accepted hits
 * wait in memory and leave as ONE published batch event per flush — when the buffer holds
 * `maxHits` hits or `maxBytes` of JSON (NATS caps a message at 1 MB), `maxWaitMs` after the
 * first hit of a batch, and at shutdown (`drain`). The batch's event id is its Nats-Msg-Id,
 * so a retried publish is stored once. A failed publish is retried with backoff, then
 * counted and logged as dropped. Adding a hit never waits for the bus; when too many hits
 * are waiting (the bus is away), `add` refuses new ones instead of growing without bound.
 */
import { eventMeta } from '@lp/contracts';
import type { Bus, Counters, Logger } from '@lp/runtime';

export type HitKind = 'pageview' | 'event';

export type PixelBufferOptions = {
  kind: HitKind;
  subject: string;
  bus: Pick<Bus, 'publish'>;
  log: Logger;
  counters: Counters;
  maxHits?: number;
  maxBytes?: number;
  maxWaitMs?: number;
  /** Hits buffered plus hits in batches still being published. */
  maxPendingHits?: number;
  /** Waits before each retry; one publish plus one retry per entry. */
  retryDelaysMs?: readonly number[];
};

export const PIXEL_BUFFER_DEFAULTS = {
  maxHits: 200,
  maxBytes: 256 * 1024,
  maxWaitMs: 50,
  maxPendingHits: 20_000,
  retryDelaysMs: [100, 500, 2000],
} as const;

export type HitBatch<H> = ReturnType<typeof eventMeta> & { hits: H[] };

export class PixelBuffer<H> {
  private hits: H[] = [];
  private bytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private publishingHits = 0;
  private readonly publishing = new Set<Promise<void>>();
  private readonly o: Required<PixelBufferOptions>;

  constructor(opts: PixelBufferOptions) {
    this.o = { ...PIXEL_BUFFER_DEFAULTS, ...opts };
  }

  /** Hits waiting: buffered, or in a batch not yet stored by the bus. */
  get pending(): number {
    return this.hits.length + this.publishingHits;
  }

  /** Buffers one hit; false when the buffer is full (the hit is not kept). */
  add(hit: H): boolean {
    if (this.pending >= this.o.maxPendingHits) return false;
    const size = Buffer.byteLength(JSON.stringify(hit)) + 1;
    if (this.hits.length > 0 && this.bytes + size > this.o.maxBytes) this.flush();
    this.hits.push(hit);
    this.bytes += size;
    if (this.hits.length >= this.o.maxHits) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.o.maxWaitMs);
      this.timer.unref?.();
    }
    return true;
  }

  /** Sends what is buffered as one batch, in the background. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.hits.length === 0) return;
    const batch: HitBatch<H> = { ...eventMeta(), hits: this.hits };
    this.hits = [];
    this.bytes = 0;
    this.publishingHits += batch.hits.length;
    const p = this.publish(batch).finally(() => {
      this.publishing.delete(p);
      this.publishingHits -= batch.hits.length;
    });
    this.publishing.add(p);
  }

  /** Shutdown: flushes and waits until every batch is stored or given up on. */
  async drain(): Promise<void> {
    this.flush();
    while (this.publishing.size > 0) await Promise.all([...this.publishing]);
  }

  private async publish(batch: HitBatch<H>): Promise<void> {
    const { kind, subject, counters } = this.o;
    const log = this.o.log.child({ eventId: batch.id, kind, hits: batch.hits.length });
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await this.o.bus.publish(subject, batch, { msgId: batch.id });
        counters.inc('gateway_hit_batches_published_total', { kind });
        log.debug({ seq: r.seq, duplicate: r.duplicate, attempt: attempt + 1 }, 'pixel batch published');
        return;
      } catch (err) {
        const delayMs = this.o.retryDelaysMs[attempt];
        if (delayMs === undefined) {
          counters.inc('gateway_hits_dropped_total', { reason: 'publish_failed' }, batch.hits.length);
          log.error({ err, attempts: attempt + 1 }, 'pixel batch dropped: publish kept failing');
          return;
        }
        counters.inc('gateway_hit_batch_retries_total', { kind });
        log.warn({ err, attempt: attempt + 1, delayMs }, 'pixel batch publish failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }
}
