/**
 * Joins calls made in the same turn of the event loop into one batch call: each caller gets
 * its own answer (whether its id is in the batch's result), one database round trip for all.
 */
export function coalesce(run: (ids: number[]) => Promise<Set<number>>): (id: number) => Promise<boolean> {
  let pending: { id: number; resolve: (ok: boolean) => void; reject: (err: unknown) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    run(batch.map((b) => b.id)).then(
      (ok) => batch.forEach((b) => b.resolve(ok.has(b.id))),
      (err: unknown) => batch.forEach((b) => b.reject(err)),
    );
  };
  return (id) =>
    new Promise<boolean>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ id, resolve, reject });
    });
}

/** At most `size` tasks at once. */
export function limiter(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
