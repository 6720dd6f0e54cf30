/** Consumes `analytics.pageviews.recorded` and stores each batch (idempotent on event id + hit index). */
import { DURABLES, PageviewsRecordedSchema } from '@lp/contracts';
import { defineConsumer } from '@lp/runtime';
import { insertPageViews } from '../queries/insert-page-views.ts';

export const consumePageViews = defineConsumer({
  durable: DURABLES.analyticsPageviews,
  schema: PageviewsRecordedSchema,
  handle: async (batch, { knex, counters, log }) => {
    const { inserted } = await insertPageViews(knex, batch);
    counters.inc('analytics_pageviews_stored_total', {}, inserted);
    if (inserted < batch.hits.length)
      log.info({ hits: batch.hits.length, inserted }, 'page view batch partly or wholly stored before');
    else log.debug({ hits: inserted }, 'page views stored');
  },
});
