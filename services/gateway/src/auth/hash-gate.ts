/**
 * A process-wide cap on concurrent password hashes, shared fairly between client addresses:
 * scrypt at N=2^17 takes about 128 MB while it runs, so a burst of sign-ins must not hash all at
 * once, and a flood from a few addresses must not starve a sign-in from anywhere else.
 *
 * - At most `concurrency` hashes run; up to `queue` more wait.
 * - One address may have at most `perAddress` sign-ins running or waiting; past that, or when
 *   the queue is full and it already has one in the gate, `run` refuses at once with
 *   `HashGateFullError('address')` (the route answers 429).
 * - Waiting sign-ins are served round-robin by address, so an address waits behind at most one
 *   sign-in of each other waiting address, however many each of them sent.
 * - When the queue is full, a newcomer takes the place of the newest waiter of the address with
 *   the most waiting (or of one with earlier failures, when the newcomer has none); that waiter,
 *   or a first newcomer when nobody can give way, gets `HashGateFullError('busy')` (503).
 */
export class HashGateFullError extends Error {
  constructor(readonly scope: 'address' | 'busy') {
    super(scope === 'address' ? 'Too many sign-ins at once from one address' : 'Too many sign-ins at once');
    this.name = 'HashGateFullError';
  }
}

export type HashGateOptions = { concurrency: number; queue: number; perAddress: number };

type Waiter = { go: () => void; refuse: (err: HashGateFullError) => void };
/** One address's sign-ins in the gate; `clean` when its latest arrival had no earlier failures. */
type Visitor = { held: number; waiting: Waiter[]; clean: boolean };

export class HashGate {
  private running = 0;
  private queued = 0;
  private readonly visitors = new Map<string, Visitor>();
  /** Addresses with sign-ins waiting, in the order they are served next. */
  private ring: string[] = [];

  constructor(private readonly opts: HashGateOptions) {}

  /** Hashes running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  /** Sign-ins waiting for a slot. */
  get waiting(): number {
    return this.queued;
  }

  /**
   * Runs `work` once a slot is free. `clean`: the address has no failed sign-ins counted, which
   * lets it take a full queue's place from an address that has.
   */
  async run<T>(address: string, work: () => Promise<T>, { clean = false } = {}): Promise<T> {
    const v = this.visitors.get(address) ?? { held: 0, waiting: [], clean };
    if (v.held >= this.opts.perAddress) throw new HashGateFullError('address');
    v.clean = clean;
    v.held++;
    this.visitors.set(address, v);
    try {
      if (this.running < this.opts.concurrency) this.running++;
      else await this.wait(address, v);
      try {
        return await work();
      } finally {
        this.handOn();
      }
    } finally {
      if (--v.held === 0) this.visitors.delete(address);
    }
  }

  private wait(address: string, v: Visitor): Promise<void> {
    // Refused for its own address when that address already has a sign-in in the gate.
    if (this.queued >= this.opts.queue && !this.makeRoomFor(address, v))
      throw new HashGateFullError(v.held > 1 ? 'address' : 'busy');
    return new Promise<void>((go, refuse) => {
      if (v.waiting.push({ go, refuse }) === 1) this.ring.push(address);
      this.queued++;
    });
  }

  /** Refuses the newest waiter of the address that should give way to `address`, if any. */
  private makeRoomFor(address: string, v: Visitor): boolean {
    let victim: { address: string; v: Visitor } | undefined;
    for (const a of this.ring) {
      const other = this.visitors.get(a);
      if (!other || a === address) continue;
      const worse =
        !victim ||
        other.waiting.length > victim.v.waiting.length ||
        (other.waiting.length === victim.v.waiting.length && !other.clean && victim.v.clean);
      if (worse) victim = { address: a, v: other };
    }
    if (!victim) return false;
    const gives = victim.v.waiting.length > v.waiting.length + 1 || (v.clean && !victim.v.clean);
    if (!gives) return false;
    const evicted = victim.v.waiting.pop()!;
    this.queued--;
    if (victim.v.waiting.length === 0) this.ring = this.ring.filter((a) => a !== victim.address);
    evicted.refuse(new HashGateFullError('busy'));
    return true;
  }

  /** Hands a finished hash's slot to the next address in turn, or frees it. */
  private handOn() {
    const address = this.ring.shift();
    if (address === undefined) {
      this.running--;
      return;
    }
    const v = this.visitors.get(address)!;
    const next = v.waiting.shift()!;
    if (v.waiting.length > 0) this.ring.push(address);
    this.queued--;
    next.go();
  }
}
