/**
 * Where one durable consumer of the embedded bus stands in its stream, as JetStream tracks it:
 * an ack floor (every sequence up to it is finished) plus the finished sequences above it, the
 * sequences waiting to be delivered, and how often each one was delivered. A sequence is
 * finished when it was acked or terminated, when the durable will never be handed it (another
 * subject of the stream, a number a failed store used up, a message retention removed), or when
 * it ran out of deliveries. The floor is what gets saved.
 */

export class ConsumerPositions {
  private floorSeq: number;
  private readonly finishedAbove = new Set<number>();
  private readonly waiting: number[] = [];
  private readonly queued = new Set<number>();
  private readonly deliveries = new Map<number, number>();

  constructor(floor = 0) {
    this.floorSeq = floor;
  }

  /** Every sequence up to and including the floor is finished. */
  get floor(): number {
    return this.floorSeq;
  }

  isFinished(seq: number): boolean {
    return seq <= this.floorSeq || this.finishedAbove.has(seq);
  }

  /** Queues a sequence for delivery (at the front for a redelivery); ignores finished or queued ones. */
  enqueue(seq: number, front = false): void {
    if (this.isFinished(seq) || this.queued.has(seq)) return;
    this.queued.add(seq);
    if (front) this.waiting.unshift(seq);
    else this.waiting.push(seq);
  }

  hasWaiting(): boolean {
    return this.waiting.length > 0;
  }

  /** The next sequence to deliver, skipping any that were finished while they waited. */
  next(): number | undefined {
    while (this.waiting.length > 0) {
      const seq = this.waiting.shift()!;
      this.queued.delete(seq);
      if (!this.isFinished(seq)) return seq;
    }
    return undefined;
  }

  /** Counts one more delivery of `seq` and returns the count (1 on the first). */
  delivered(seq: number): number {
    const count = (this.deliveries.get(seq) ?? 0) + 1;
    this.deliveries.set(seq, count);
    return count;
  }

  /**
   * The one routine that finishes a sequence, whatever the reason; returns whether the floor
   * moved (then the caller saves it).
   */
  finish(seq: number): boolean {
    this.deliveries.delete(seq);
    if (seq <= this.floorSeq) return false;
    this.finishedAbove.add(seq);
    const before = this.floorSeq;
    while (this.finishedAbove.has(this.floorSeq + 1)) {
      this.finishedAbove.delete(this.floorSeq + 1);
      this.floorSeq++;
    }
    return this.floorSeq !== before;
  }

  /** Waiting to be delivered, or delivered and not yet finished (NATS: num_pending + num_ack_pending). */
  unfinished(): number {
    const seqs = new Set(this.waiting);
    for (const seq of this.deliveries.keys()) seqs.add(seq);
    return seqs.size;
  }
}
