/**
 * Consumes `analytics.pageviews.recorded`: stores each batch (idempotent on event id + hit
 * index) and, in the same transaction, the batch's visits and daily roll-ups. At most hourly
 * it also drops raw months past the retention setting. A batch the database can never take
 * (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, PageviewsRecordedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { analyticsSettings } from '../config.ts';
import { dropExpiredMonths } from '../queries/drop-expired-months.ts';
import { recordPageViews } from '../visits/record-hits.ts';

const RETENTION_EVERY_MS = 3_600_000;
const retentionRanAt = new WeakMap<object, number>();

export const consumePageViews = defineConsumer({
  durable: DURABLES.analyticsPageviews,
  schema: PageviewsRecordedSchema,
  // Batches of up to 1,000 hits, each one transaction: more at once than the database pool has
  // connections only queue, and a stop would hand them back unfinished.
  maxInFlight: 8,
  handle: async (batch, deps) => {
    const { knex, counters, log, config } = deps;
    const { inserted } = await recordPageViews(knex, batch, config.SITE_TIME_ZONE).catch(rethrowDbError);
    counters.inc('analytics_pageviews_stored_total', {}, inserted);
    if (inserted < batch.hits.length) {
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      counters.inc('analytics_pageviews_duplicates_total', {}, batch.hits.length - inserted);
      log.info({ hits: batch.hits.length, inserted }, 'page view batch partly or wholly stored before');
    } else log.debug({ hits: inserted }, 'page views stored');

    const last = retentionRanAt.get(knex) ?? 0;
    if (Date.now() - last >= RETENTION_EVERY_MS) {
      retentionRanAt.set(knex, Date.now());
      const dropped = await dropExpiredMonths(knex, analyticsSettings.of(deps).ANALYTICS_RAW_RETENTION_MONTHS);
      if (dropped.length > 0) log.info({ dropped }, 'raw hit months past retention dropped');
    }
  },
});
