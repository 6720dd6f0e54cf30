/**
 * A process-wide cap on concurrent password hashes: scrypt at N=2^17 takes about 128 MB while
 * it runs, so a burst of sign-ins must not hash all at once. At most `concurrency` run; up to
 * `queue` more wait their turn in order; beyond that `run` refuses at once with
 * `HashGateFullError`, which the sign-in route answers with 503 + Retry-After.
 */
export class HashGateFullError extends Error {
  constructor() {
    super('Too many sign-ins at once');
    this.name = 'HashGateFullError';
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Hashes running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new HashGateFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
