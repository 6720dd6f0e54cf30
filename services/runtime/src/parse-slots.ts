/**
 * Admission of inbound mail posts, so the memory they take is bounded by configuration rather
 * than by how many providers post at once: at most `concurrency` posts are worked on at a time,
 * and at most `queue` more are admitted to wait their turn, first come first served. A post
 * beyond both is refused at once (503 with Retry-After: providers retry). The gateway admits
 * posts to spool and hand over (INBOUND_PARSE_CONCURRENCY, INBOUND_PARSE_QUEUE); the mailer,
 * which several gateways may share, admits them again to parse and store.
 * Written here rather than taken from a library because the admission bound (refuse, do not
 * queue without end) and the abort of a waiting turn are the whole point, in thirty lines.
 */
export type Admission = {
  /** Resolves when this post may be parsed; rejects with `signal`'s reason if it aborts first. */
  turn: (signal: AbortSignal) => Promise<void>;
  /** Gives the slot (or the place in the queue) back; idempotent. */
  release: () => void;
};

export type ParseSlots = {
  /** An admission, or null when `concurrency + queue` posts are already in. */
  admit: () => Admission | null;
  readonly running: number;
  readonly admitted: number;
};

export function parseSlots(concurrency: number, queue: number): ParseSlots {
  let admitted = 0;
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get admitted() {
      return admitted;
    },
    admit() {
      if (admitted >= concurrency + queue) return null;
      admitted++;
      let state: 'admitted' | 'waiting' | 'running' | 'released' = 'admitted';
      let wake: (() => void) | null = null;
      return {
        turn(signal) {
          if (state !== 'admitted') return Promise.reject(new Error(`turn asked while ${state}`));
          if (running < concurrency) {
            running++;
            state = 'running';
            return Promise.resolve();
          }
          state = 'waiting';
          return new Promise<void>((resolve, reject) => {
            const onAbort = () => {
              const i = wake ? waiting.indexOf(wake) : -1;
              if (i >= 0) waiting.splice(i, 1);
              state = 'admitted';
              reject(signal.reason);
            };
            wake = () => {
              signal.removeEventListener('abort', onAbort);
              state = 'running';
              resolve();
            };
            if (signal.aborted) return onAbort();
            signal.addEventListener('abort', onAbort, { once: true });
            waiting.push(wake);
          });
        },
        release() {
          if (state === 'released') return;
          if (state === 'waiting') {
            const i = wake ? waiting.indexOf(wake) : -1;
            if (i >= 0) waiting.splice(i, 1);
          }
          if (state === 'running') {
            const next = waiting.shift();
            // The slot passes straight to the next in line, so `running` never dips and a
            // newcomer cannot jump the queue.
            if (next) next();
            else running--;
          }
          state = 'released';
          admitted--;
        },
      };
    },
  };
}
