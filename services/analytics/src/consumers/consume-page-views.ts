/**
 * Consumes `analytics.pageviews.recorded` and stores each batch (idempotent on event id + hit index).
 * A batch the database can never take (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, PageviewsRecordedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { insertPageViews } from '../queries/insert-page-views.ts';

export const consumePageViews = defineConsumer({
  durable: DURABLES.analyticsPageviews,
  schema: PageviewsRecordedSchema,
  handle: async (batch, { knex, counters, log }) => {
    const { inserted } = await insertPageViews(knex, batch).catch(rethrowDbError);
    counters.inc('analytics_pageviews_stored_total', {}, inserted);
    if (inserted < batch.hits.length) {
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      counters.inc('analytics_pageviews_duplicates_total', {}, batch.hits.length - inserted);
      log.info({ hits: batch.hits.length, inserted }, 'page view batch partly or wholly stored before');
    } else log.debug({ hits: inserted }, 'page views stored');
  },
});
