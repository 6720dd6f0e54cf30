/**
 * The named queries on `gateway.rate_counters`, the hit counters every gateway replica shares
 * (rate limits and the sign-in throttle). A bucket counts hits in a window that opens at its
 * first hit and lasts `windowMs`; the next hit after it ends opens a new one. Each change is one
 * atomic upsert, so concurrent hits from any number of replicas are all counted. Times are epoch
 * milliseconds from the caller's clock (replicas are assumed to keep theirs in step, as NTP does).
 */
import type { Knex } from '@lp/runtime';
import { gatewayTable, type RateCounterRow } from './rows.ts';

export type BucketCount = { count: number; resetAt: number };

/** Rows per statement when many buckets are counted at once. */
const CHUNK = 500;

// An expired window restarts at the hit's count; a current one adds to it.
const ON_CONFLICT = `on conflict (bucket) do update set
  count = case when c.reset_at <= excluded.last_at then excluded.count else c.count + excluded.count end,
  reset_at = case when c.reset_at <= excluded.last_at then excluded.reset_at else c.reset_at end,
  last_at = excluded.last_at`;

/**
 * Adds `n` hits to each bucket and answers every bucket's count in its current window. Buckets
 * must be distinct; they are written in sorted order, so two replicas' batches cannot deadlock.
 */
export async function addHits(
  knex: Knex,
  hits: { bucket: string; n: number }[],
  windowMs: number,
  now: number,
): Promise<Map<string, BucketCount>> {
  const out = new Map<string, BucketCount>();
  const sorted = [...hits].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const chunk = sorted.slice(i, i + CHUNK);
    const { rows } = await knex.raw<{ rows: Pick<RateCounterRow, 'bucket' | 'count' | 'reset_at'>[] }>(
      `insert into gateway.rate_counters as c (bucket, count, reset_at, last_at)
       values ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}
       ${ON_CONFLICT}
       returning bucket, count, reset_at`,
      chunk.flatMap((h) => [h.bucket, h.n, now + windowMs, now]),
    );
    for (const r of rows) out.set(r.bucket, { count: r.count, resetAt: r.reset_at });
  }
  return out;
}

/** Growing waits between counted hits: none for the first `free`, then `baseMs`, doubling up to `maxMs`. */
export type Backoff = { free: number; baseMs: number; maxMs: number };

export type Reserved = { ok: true; count: number } | { ok: false; waitMs: number };

/**
 * Counts one hit only when the bucket allows it: under `max` in its window and, with `backoff`,
 * at least the wait after its last counted hit. A refused hit is not counted. Decided inside
 * the one upsert, so concurrent callers cannot all pass a check made before counting.
 */
export async function reserveHit(
  knex: Knex,
  bucket: string,
  opts: { max: number; windowMs: number; now: number; backoff?: Backoff },
): Promise<Reserved> {
  const { max, windowMs, now } = opts;
  const b = opts.backoff ?? { free: max, baseMs: 0, maxMs: 0 };
  const { rows } = await knex.raw<{ rows: Pick<RateCounterRow, 'count'>[] }>(
    `insert into gateway.rate_counters as c (bucket, count, reset_at, last_at)
     values (?, 1, ?, ?)
     ${ON_CONFLICT}
     where c.reset_at <= excluded.last_at
        or (c.count < ? and c.last_at + (case when c.count <= ? then 0
              else least(? * power(2, c.count - ? - 1), ?) end) <= excluded.last_at)
     returning count`,
    [bucket, now + windowMs, now, max, b.free, b.baseMs, b.free, b.maxMs],
  );
  if (rows[0]) return { ok: true, count: rows[0].count };
  const held = await gatewayTable(knex, 'rate_counters').where({ bucket }).first('count', 'reset_at', 'last_at');
  // Gone between the two statements (pruned, refunded): the caller may simply try again.
  if (!held) return { ok: false, waitMs: 1000 };
  const resetAt = held.reset_at;
  const waitMs = held.count >= max ? resetAt - now : held.last_at + backoffAfter(held.count, b) - now;
  return { ok: false, waitMs: Math.max(1, Math.min(waitMs, resetAt - now)) };
}

/** The wait after `count` counted hits (the SQL in `reserveHit` computes the same). */
export const backoffAfter = (count: number, b: Backoff) =>
  count <= b.free ? 0 : Math.min(b.baseMs * 2 ** (count - b.free - 1), b.maxMs);

/** Takes one hit back (a sign-in that succeeded is no failure). */
export async function refundHit(knex: Knex, bucket: string): Promise<void> {
  await knex
    .withSchema('gateway')
    .table('rate_counters')
    .where({ bucket })
    .update({ count: knex.raw('greatest(count - 1, 0)') });
}

/** Forgets a bucket altogether. */
export async function forgetBucket(knex: Knex, bucket: string): Promise<void> {
  await knex.withSchema('gateway').table('rate_counters').where({ bucket }).delete();
}

/** Deletes buckets whose window has ended; answers how many. */
export async function pruneRateCounters(knex: Knex, now: number): Promise<number> {
  return knex.withSchema('gateway').table('rate_counters').where('reset_at', '<=', now).delete();
}
