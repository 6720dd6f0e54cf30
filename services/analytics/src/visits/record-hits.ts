/**
 * Stores one batch and keeps visits and roll-ups in step, in ONE transaction: under its lock
 * (batches of one partition, of both streams and every replica, take turns; see lockBatch), create the months'
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
import { insertEvents } from '../queries/insert-events.ts';
import { insertPageViews } from '../queries/insert-page-views.ts';
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
 * What a batch takes before it writes: the roll-up lock shared with the other batches, and its
 * partition's (contracts' analyticsPartitionOf) for itself, so batches of different partitions
 * are stored at the same time: their sessions, hence their visits, are disjoint, and the roll-up
 * rows they share are written in one order (apply-rollup-deltas.ts). A batch whose `partition` is
 * missing, or not that of every hit, takes the roll-up lock for itself.
 */
async function lockBatch(trx: Knex, batch: { partition?: number | undefined; hits: readonly { sessionId: string }[] }) {
  const p = batch.partition;
  if (p === undefined || batch.hits.some((h) => analyticsPartitionOf(h.sessionId) !== p)) return lockRollups(trx);
  await trx.raw(
    `select pg_advisory_xact_lock_shared(hashtext('lp-analytics-rollups')),
            pg_advisory_xact_lock(hashtext('lp-analytics-partition'), ?)`,
    [p],
  );
}

/** `timeZone`: the site's (SITE_TIME_ZONE), whose midnight starts a visit's and a roll-up's day. */
export async function recordPageViews(
  knex: Knex,
  batch: PageviewsRecorded,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ inserted: number }> {
  const months = batch.hits.map((h) => monthOf(new Date(h.at)));
  const done = await knex.transaction(async (trx) => {
    await lockBatch(trx, batch);
    await ensureMonthPartitions(trx, knex, 'page_views', months);
    const { inserted, rows } = await insertPageViews(trx, batch);
    await insertSessionLots(trx, rows);
    // Only hits stored now change visits: a redelivered batch costs one insert that stores nothing.
    const change = await extendVisits(trx, hitsOf(rows, []), timeZone, batch.id);
    await applyRollupDeltas(trx, change, rows, timeZone);
    return { inserted };
  });
  rememberPartitions(knex, 'page_views', months);
  return done;
}

export async function recordEvents(
  knex: Knex,
  batch: EventsRecorded,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ inserted: number }> {
  const months = batch.hits.map((h) => monthOf(new Date(h.at)));
  const done = await knex.transaction(async (trx) => {
    await lockBatch(trx, batch);
    await ensureMonthPartitions(trx, knex, 'events', months);
    const { inserted, rows } = await insertEvents(trx, batch);
    const change = await extendVisits(trx, hitsOf([], rows), timeZone, batch.id);
    await applyRollupDeltas(trx, change, [], timeZone);
    await countSiteEvents(trx, rows, timeZone);
    return { inserted };
  });
  rememberPartitions(knex, 'events', months);
  return done;
}
