/**
 * How waiting batches meet in groups: one transaction at a time per partition, the batches that
 * arrived meanwhile together in the next, partitions independent, the hit bound kept, and a
 * failing group stored again batch by batch so only the bad batch fails. The store is a fake
 * whose transactions the test finishes by hand (the real one: record-hits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { batchGroups } from './batch-groups.ts';

type Batch = { id: string; partition?: number; hits: number[] };
const batch = (id: string, partition: number | undefined, hits = 1): Batch => ({
  id,
  ...(partition === undefined ? {} : { partition }),
  hits: Array.from({ length: hits }, (_, i) => i),
});

/** A store whose calls wait until the test commits or fails them, in the order they were made. */
function manualStore(refuse: (b: Batch) => boolean = () => false) {
  const calls: { ids: string[]; commit: () => void; fail: (err: Error) => void }[] = [];
  const store = (group: readonly Batch[]) =>
    new Promise<number[]>((resolve, reject) => {
      calls.push({
        ids: group.map((b) => b.id),
        commit: () => (group.some(refuse) ? reject(new Error('refused')) : resolve(group.map((b) => b.hits.length))),
        fail: reject,
      });
    });
  return { calls, store };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('batch groups', () => {
  it('stores the first batch at once and the ones that arrived meanwhile together, acked only after their commit', async () => {
    const { calls, store } = manualStore();
    const storeBatch = batchGroups({ store, maxHits: 8_000 });
    const done: string[] = [];
    const first = storeBatch(batch('a', 3, 1000)).then((n) => done.push(`a:${n}`));
    const rest = ['b', 'c', 'd'].map((id) => storeBatch(batch(id, 3, 1000)).then((n) => done.push(`${id}:${n}`)));
    await settled();
    expect(calls.map((c) => c.ids)).toEqual([['a']]);

    calls[0]!.commit();
    await first;
    await settled();
    expect(done).toEqual(['a:1000']);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(done).toHaveLength(1); // b, c, d wait for their own transaction

    calls[1]!.commit();
    await Promise.all(rest);
    expect(done).toEqual(['a:1000', 'b:1000', 'c:1000', 'd:1000']);
  });

  it('runs partitions side by side, and a batch without one in a queue of its own', async () => {
    const { calls, store } = manualStore();
    const storeBatch = batchGroups({ store, maxHits: 8_000 });
    const all = [batch('p1', 1), batch('p2', 2), batch('p1b', 1), batch('none', undefined)].map(storeBatch);
    await settled();
    expect(calls.map((c) => c.ids)).toEqual([['p1'], ['p2'], ['none']]);
    for (const c of calls.slice()) c.commit();
    await settled();
    expect(calls.map((c) => c.ids).slice(3)).toEqual([['p1b']]);
    calls[3]!.commit();
    expect(await Promise.all(all)).toEqual([1, 1, 1, 1]);
  });

  it('takes waiting batches up to the hit bound, at least one however large', async () => {
    const { calls, store } = manualStore();
    const storeBatch = batchGroups({ store, maxHits: 2_500 });
    const all = [
      batch('a', 0, 1000),
      batch('b', 0, 1000),
      batch('c', 0, 1000),
      batch('d', 0, 1000),
      batch('e', 0, 3000),
    ].map(storeBatch);
    const groups: string[][] = [];
    while (groups.length < 4) {
      await settled();
      const call = calls[groups.length]!;
      groups.push(call.ids);
      call.commit();
    }
    expect(groups).toEqual([['a'], ['b', 'c'], ['d'], ['e']]);
    expect(await Promise.all(all)).toEqual([1000, 1000, 1000, 1000, 3000]);
  });

  it('stores a failed group again batch by batch: the refused batch fails alone, the others are stored', async () => {
    const { calls, store } = manualStore((b) => b.id === 'bad');
    const splits: number[] = [];
    const storeBatch = batchGroups({ store, maxHits: 8_000, onSplit: (n) => splits.push(n) });
    const first = storeBatch(batch('a', 5));
    const later = ['b', 'bad', 'c'].map((id) =>
      storeBatch(batch(id, 5)).then(
        (n) => `stored ${n}`,
        (err: Error) => err.message,
      ),
    );
    await settled();
    calls[0]!.commit();
    await first;
    for (let i = 1; i < 5; i++) {
      await settled();
      calls[i]!.commit();
    }
    expect(await Promise.all(later)).toEqual(['stored 1', 'refused', 'stored 1']);
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
    expect(splits).toEqual([3]);
  });

  it('a single batch that fails is not stored again here (its consumer retries it)', async () => {
    const { calls, store } = manualStore();
    const storeBatch = batchGroups({ store, maxHits: 8_000 });
    const outcome = storeBatch(batch('a', 1)).catch((err: Error) => err.message);
    await settled();
    calls[0]!.fail(new Error('connection lost'));
    expect(await outcome).toBe('connection lost');
    // The partition's turn is over: the next batch starts one of its own at once.
    const next = storeBatch(batch('b', 1));
    await settled();
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    calls[1]!.commit();
    expect(await next).toBe(1);
  });
});
