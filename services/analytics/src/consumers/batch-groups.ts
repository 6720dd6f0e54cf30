/**
 * Batches of one session partition are stored one transaction at a time (they may share visits:
 * record-hits.ts locks the partition), so a replica holding several of them stores them
 * together. While a partition's transaction runs, that partition's batches that arrive wait in
 * memory, holding no database connection, and the next transaction takes all of them, up to
 * `maxHits` hits. In a backlog each visit is then updated, and each day's roll-up rows written,
 * once per group instead of once per batch; a replica holds at most one connection per
 * partition, however many messages it fetched.
 *
 * Each batch's promise settles when its group has committed (its consumer then acks it) or
 * failed. A group of several that fails is stored again one batch at a time, so a batch the
 * database refuses fails alone (and is parked alone) while the others are stored.
 */
import type { ConsumeContext, Knex } from '@lp/runtime';

/**
 * Hits one transaction takes at most: eight of the gateway's fullest batches. Measured with
 * `pnpm bench:backlog` (bench/README.md); a group of this size commits within a second.
 */
export const MAX_GROUP_HITS = 8_000;

export type GroupedBatch = { partition?: number | undefined; hits: readonly unknown[] };

export type BatchGroupsOptions<B> = {
  /** Stores batches in one transaction; resolves with the hits of each stored now. */
  store: (group: readonly B[]) => Promise<readonly number[]>;
  /** A group takes waiting batches until the next would pass this many hits (at least one batch). */
  maxHits: number;
  /** Called before each group is stored. */
  onGroup?: (batches: number, hits: number) => void;
  /** A group failed and is stored again batch by batch. */
  onSplit?: (batches: number, err: unknown) => void;
};

type Waiting<B> = { batch: B; resolve: (inserted: number) => void; reject: (err: unknown) => void };

/** Returns `storeBatch(batch)`: resolves with the batch's hits stored now, once its group committed. */
export function batchGroups<B extends GroupedBatch>(opts: BatchGroupsOptions<B>): (batch: B) => Promise<number> {
  /** A partition's waiting batches; present while a turn of that partition runs. */
  const queues = new Map<string, Waiting<B>[]>();

  const takeGroup = (queue: Waiting<B>[]): Waiting<B>[] => {
    let hits = queue[0]!.batch.hits.length;
    let n = 1;
    while (n < queue.length && hits + queue[n]!.batch.hits.length <= opts.maxHits)
      hits += queue[n++]!.batch.hits.length;
    return queue.splice(0, n);
  };

  const storeGroup = async (group: Waiting<B>[]) => {
    opts.onGroup?.(
      group.length,
      group.reduce((n, w) => n + w.batch.hits.length, 0),
    );
    try {
      const counts = await opts.store(group.map((w) => w.batch));
      group.forEach((w, i) => w.resolve(counts[i] ?? 0));
      return;
    } catch (err) {
      if (group.length === 1) return group[0]!.reject(err);
      opts.onSplit?.(group.length, err);
    }
    for (const w of group) {
      try {
        const [count = 0] = await opts.store([w.batch]);
        w.resolve(count);
      } catch (err) {
        w.reject(err);
      }
    }
  };

  const runTurns = async (key: string, queue: Waiting<B>[]) => {
    // Synchronous from the emptiness check to the delete: a batch arriving later starts a new turn.
    while (queue.length > 0) await storeGroup(takeGroup(queue));
    queues.delete(key);
  };

  return (batch) =>
    new Promise<number>((resolve, reject) => {
      const key = String(batch.partition ?? '');
      const waiting = { batch, resolve, reject };
      const queue = queues.get(key);
      if (queue) {
        queue.push(waiting);
        return;
      }
      const started = [waiting];
      queues.set(key, started);
      void runTurns(key, started);
    });
}

/**
 * A consumer's `store(batch, ctx)`: one batchGroups per service instance (per database handle),
 * made on first use, storing a group with `record(knex, group, timeZone)` and counting each
 * transaction in `analytics_batch_groups_total{kind}`.
 */
export function groupedRecorder<B extends GroupedBatch>(
  kind: 'pageviews' | 'events',
  record: (knex: Knex, group: readonly B[], timeZone: string) => Promise<readonly number[]>,
): (batch: B, ctx: ConsumeContext) => Promise<number> {
  const stores = new WeakMap<object, (batch: B) => Promise<number>>();
  return (batch, { knex, counters, config, log }) => {
    let store = stores.get(knex);
    if (!store) {
      store = batchGroups<B>({
        store: (group) => record(knex, group, config.SITE_TIME_ZONE),
        maxHits: MAX_GROUP_HITS,
        onGroup: () => counters.inc('analytics_batch_groups_total', { kind }),
        onSplit: (batches, err) =>
          log.warn({ err, batches, kind }, 'a group of batches failed; storing them one at a time'),
      });
      stores.set(knex, store);
    }
    return store(batch);
  };
}
