/**
 * Stores one batch and keeps visits and roll-ups in step, in ONE transaction: under the
 * roll-up lock (batches of both streams, replicas and refreshes take turns), create the months'
 * partitions, insert the raw hits (skipping ones stored before), extend or rebuild the visits of
 * the hits stored now (extend-visits.ts) and apply the difference to the daily roll-ups. A failure rolls everything back, so
 * the roll-ups never count a hit the raw tables do not hold, or the reverse.
 */
import { DEFAULT_SITE_TIME_ZONE, type EventsRecorded, type PageviewsRecorded } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { insertEvents } from '../queries/insert-events.ts';
import { insertPageViews } from '../queries/insert-page-views.ts';
import { ensureMonthPartitions, monthOf, rememberPartitions } from '../queries/ensure-month-partitions.ts';
import { applyRollupDeltas } from './apply-rollup-deltas.ts';
import { countSiteEvents } from './count-site-events.ts';
import { extendVisits, hitsOf } from './extend-visits.ts';

/** Taken (transaction-scoped) by every writer of visits and roll-ups. */
export const lockRollups = (trx: Knex) => trx.raw(`select pg_advisory_xact_lock(hashtext('lp-analytics-rollups'))`);

/** `timeZone`: the site's (SITE_TIME_ZONE), whose midnight starts a visit's and a roll-up's day. */
export async function recordPageViews(
  knex: Knex,
  batch: PageviewsRecorded,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<{ inserted: number }> {
  const months = batch.hits.map((h) => monthOf(new Date(h.at)));
  const done = await knex.transaction(async (trx) => {
    await lockRollups(trx);
    await ensureMonthPartitions(trx, knex, 'page_views', months);
    const { inserted, rows } = await insertPageViews(trx, batch);
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
    await lockRollups(trx);
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
