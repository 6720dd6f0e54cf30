/**
 * How far a long staff operation (a CSV import, a bulk action) has got, for the screen to poll
 * while the request that does it is under way. The client names the operation with a UUID in
 * `X-Progress-Id`; it is kept for its staff account only, in this gateway's memory, until a
 * minute after it finished. With several gateway replicas a poll may reach one that does not
 * run the operation: it answers 404 and the screen shows that the work goes on, without a figure.
 */
import * as v from 'valibot';
import type { OperationProgress } from '@lp/contracts';

const KEEP_AFTER_FINISH_MS = 60_000;
/** At most this many operations are remembered (a client naming endless ids cannot grow memory). */
const MAX_OPERATIONS = 1000;

export type ProgressReport = { set(done: number, total?: number | null): void; finish(): void };

export type OperationProgressRegistry = {
  /** Starts reporting for the request's `X-Progress-Id` (a no-op report when it has none). */
  start(userId: number | null, progressId: string | undefined, total?: number | null): ProgressReport;
  get(userId: number | null, progressId: string): OperationProgress | undefined;
};

const NO_REPORT: ProgressReport = { set: () => undefined, finish: () => undefined };

/** The request's `X-Progress-Id` when it is a UUID, else none. */
export const progressIdOf = (header: string | undefined): string | undefined =>
  header && v.is(v.pipe(v.string(), v.uuid()), header) ? header.toLowerCase() : undefined;

export function createProgressRegistry(now: () => number = Date.now): OperationProgressRegistry {
  const ops = new Map<string, OperationProgress & { finishedAt: number | null }>();
  const keyOf = (userId: number | null, id: string) => `${userId ?? 'none'}:${id.toLowerCase()}`;
  const prune = () => {
    for (const [key, op] of ops)
      if (op.finishedAt !== null && now() - op.finishedAt > KEEP_AFTER_FINISH_MS) ops.delete(key);
    // The oldest go first when too many are under way at once.
    for (const key of ops.keys()) {
      if (ops.size <= MAX_OPERATIONS) break;
      ops.delete(key);
    }
  };
  return {
    start(userId, progressId, total = null) {
      if (!progressId) return NO_REPORT;
      prune();
      const key = keyOf(userId, progressId);
      const op = { done: 0, total, finished: false, finishedAt: null as number | null };
      ops.set(key, op);
      return {
        set(done, t) {
          op.done = done;
          if (t !== undefined) op.total = t;
        },
        finish() {
          op.finished = true;
          op.finishedAt = now();
        },
      };
    },
    get(userId, progressId) {
      prune();
      const op = ops.get(keyOf(userId, progressId));
      return op && { done: op.done, total: op.total, finished: op.finished };
    },
  };
}
