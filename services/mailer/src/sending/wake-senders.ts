/**
 * Wakes this process's idle send loop at once when there is new work here (a campaign stored,
 * resumed or scheduled), so the loop can poll the database rarely when idle; replicas in other
 * processes find the work on their next poll.
 */
const sleepers = new Set<() => void>();

export function wakeSenders(): void {
  for (const wake of [...sleepers]) wake();
}

/** Resolves after `ms`, or earlier when `wakeSenders()` is called. */
export function idle(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
  });
}
