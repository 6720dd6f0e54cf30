/**
 * Consumes `analytics.pageviews.recorded`: stores each batch (idempotent on event id + hit
 * index) and, in the same transaction, the batch's visits and daily roll-ups; the batches of one
 * partition that wait together are stored in one transaction (batch-groups.ts). At most hourly
 * it also drops raw months past the retention setting and forgets the kept days of views
 * nobody opened for a month (queries/kept-days.ts). A batch the database can never take
 * (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, PageviewsRecordedSchema, type PageviewsRecorded } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { analyticsSettings } from '../config.ts';
import { dropExpiredMonths } from '../queries/drop-expired-months.ts';
import { forgetUnviewedKeptViews } from '../queries/kept-days.ts';
import { recordPageViewBatches } from '../visits/record-hits.ts';
import { groupedRecorder } from './batch-groups.ts';

const RETENTION_EVERY_MS = 3_600_000;
const retentionRanAt = new WeakMap<object, number>();
const storePageViews = groupedRecorder<PageviewsRecorded>('pageviews', recordPageViewBatches);

export const consumePageViews = defineConsumer({
  durable: DURABLES.analyticsPageviews,
  schema: PageviewsRecordedSchema,
  // Batches of up to 1,000 hits. Those waiting for their partition's turn hold no database
  // connection (batch-groups.ts): enough in flight that a backlog's batches meet in groups
  // (64 drained a backlog 13–68% faster than 32, bench/README.md), few enough that
  // a stop finishes them within its grace.
  maxInFlight: 64,
  handle: async (batch, ctx) => {
    const { knex, counters, log } = ctx;
    const inserted = await storePageViews(batch, ctx).catch(rethrowDbError);
    counters.inc('analytics_pageviews_stored_total', {}, inserted);
    if (inserted < batch.hits.length) {
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      counters.inc('analytics_pageviews_duplicates_total', {}, batch.hits.length - inserted);
      log.info({ hits: batch.hits.length, inserted }, 'page view batch partly or wholly stored before');
    } else log.debug({ hits: inserted }, 'page views stored');

    const last = retentionRanAt.get(knex) ?? 0;
    if (Date.now() - last >= RETENTION_EVERY_MS) {
      retentionRanAt.set(knex, Date.now());
      const dropped = await dropExpiredMonths(knex, analyticsSettings.of(ctx).ANALYTICS_RAW_RETENTION_MONTHS);
      if (dropped.length > 0) log.info({ dropped }, 'raw hit months past retention dropped');
      const forgotten = await forgetUnviewedKeptViews(knex);
      if (forgotten > 0) log.info({ views: forgotten }, 'kept days of views nobody opened for a month forgotten');
    }
  },
});
