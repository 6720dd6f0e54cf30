/**
 * A process's idle loop that new work here can wake at once, so the loop can poll the database
 * rarely when idle; replicas in other processes find the work on their next poll. One group per
 * loop: the send loop (sending/wake-senders.ts), the journey engine (journeys/journey-wake.ts).
 */
export function createWakeGroup(): { wake(): void; idle(ms: number): Promise<void> } {
  const sleepers = new Set<() => void>();
  return {
    wake: () => {
      for (const wake of [...sleepers]) wake();
    },
    /** Resolves after `ms`, or earlier when `wake()` is called. */
    idle: (ms) =>
      new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        sleepers.add(done);
      }),
  };
}
