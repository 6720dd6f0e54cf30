/**
 * Stores batches and keeps visits and roll-ups in step, in ONE transaction: under its lock
 * (batches of one partition, of both streams and every replica, take turns; see lockBatches), create the months'
 * partitions, insert the raw hits (skipping ones stored before) and note the lots each session
 * viewed (insert-session-lots.ts), extend or rebuild the visits of
 * the hits stored now (extend-visits.ts) and apply the difference to the daily roll-ups. A failure rolls everything back, so
 * the roll-ups never count a hit the raw tables do not hold, or the reverse.
 */
import {
  analyticsPartitionOf,
  DEFAULT_SITE_TIME_ZONE,
  type EventsRecorded,
  type PageviewsRecorded,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { insertEvents, type InsertedEvent } from '../queries/insert-events.ts';
import { insertPageViews, type InsertedPageView } from '../queries/insert-page-views.ts';
import { insertSessionLots } from '../queries/insert-session-lots.ts';
import { ensureMonthPartitions, monthOf, rememberPartitions } from '../queries/ensure-month-partitions.ts';
import { applyRollupDeltas } from './apply-rollup-deltas.ts';
import { countSiteEvents } from './count-site-events.ts';
import { extendVisits, hitsOf } from './extend-visits.ts';

/**
 * Taken (transaction-scoped) by the writers that touch visits and roll-ups of any session: a
 * refresh, retention, and a batch without a partition. It waits for every batch in progress.
 */
export const lockRollups = (trx: Knex) => trx.raw(`select pg_advisory_xact_lock(hashtext('lp-analytics-rollups'))`);

/**
 * What a transaction of batches takes before it writes: the roll-up lock shared with the other
 * batches, and its partition's (contracts' analyticsPartitionOf) for itself, so batches of
 * different partitions are stored at the same time: their sessions, hence their visits, are
 * disjoint, and the roll-up rows they share are written in one order (apply-rollup-deltas.ts).
 * When a batch's `partition` is missing, or is not that of every hit and of the other batches,
 * the transaction takes the roll-up lock for itself.
 */
async function lockBatches(
  trx: Knex,
  batches: readonly { partition?: number | undefined; hits: readonly { sessionId: string }[] }[],
) {
  const p = batches[0]?.partition;
  const mixed = batches.some((b) => b.partition !== p || b.hits.some((h) => analyticsPartitionOf(h.sessionId) !== p));
  if (p === undefined || mixed) return lockRollups(trx);
  await trx.raw(
    `select pg_advisory_xact_lock_shared(hashtext('lp-analytics-rollups')),
            pg_advisory_xact_lock(hashtext('lp-analytics-partition'), ?)`,
    [p],
  );
}

const monthsOf = (batches: readonly { hits: readonly { at: string }[] }[]) =>
  batches.flatMap((b) => b.hits.map((h) => monthOf(new Date(h.at))));

/**
 * Stores page-view batches in one transaction (usually one partition's, see
 * consumers/batch-groups.ts): their visits are extended once and the roll-ups take one
 * difference for all of them. Returns how many hits of each batch were stored now.
 * `timeZone`: the site's (SITE_TIME_ZONE), whose midnight starts a visit's and a roll-up's day.
 */
export async function recordPageViewBatches(
  knex: Knex,
  batches: readonly PageviewsRecorded[],
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<number[]> {
  const months = monthsOf(batches);
  const done = await knex.transaction(async (trx) => {
    await lockBatches(trx, batches);
    await ensureMonthPartitions(trx, knex, 'page_views', months);
    const inserted: number[] = [];
    const rows: InsertedPageView[] = [];
    for (const batch of batches) {
      const stored = await insertPageViews(trx, batch);
      inserted.push(stored.inserted);
      for (const row of stored.rows) rows.push(row);
    }
    await insertSessionLots(trx, rows);
    // Only hits stored now change visits: a redelivered batch costs one insert that stores nothing.
    const change = await extendVisits(
      trx,
      hitsOf(rows, []),
      timeZone,
      batches.map((b) => b.id),
    );
    await applyRollupDeltas(trx, change, rows, timeZone);
    return inserted;
  });
  rememberPartitions(knex, 'page_views', months);
  return done;
}

/** Stores event batches in one transaction, as recordPageViewBatches does page views. */
export async function recordEventBatches(
  knex: Knex,
  batches: readonly EventsRecorded[],
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<number[]> {
  const months = monthsOf(batches);
  const done = await knex.transaction(async (trx) => {
    await lockBatches(trx, batches);
    await ensureMonthPartitions(trx, knex, 'events', months);
    const inserted: number[] = [];
    const rows: InsertedEvent[] = [];
    for (const batch of batches) {
      const stored = await insertEvents(trx, batch);
      inserted.push(stored.inserted);
      for (const row of stored.rows) rows.push(row);
    }
    const change = await extendVisits(
      trx,
      hitsOf([], rows),
      timeZone,
      batches.map((b) => b.id),
    );
    await applyRollupDeltas(trx, change, [], timeZone);
    await countSiteEvents(trx, rows, timeZone);
    return inserted;
  });
  rememberPartitions(knex, 'events', months);
  return done;
}

/** One batch of page views in its own transaction. */
export async function recordPageViews(
  knex: Knex,
  batch: PageviewsRecorded,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ inserted: number }> {
  const [inserted = 0] = await recordPageViewBatches(knex, [batch], timeZone);
  return { inserted };
}

/** One batch of events in its own transaction. */
export async function recordEvents(
  knex: Knex,
  batch: EventsRecorded,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ inserted: number }> {
  const [inserted = 0] = await recordEventBatches(knex, [batch], timeZone);
  return { inserted };
}
