/** Consumes `analytics.pageviews.recorded` and stores each batch (idempotent on event id + hit index). */
import { DURABLES, PageviewsRecordedSchema } from '@lp/contracts';
import { startConsumer, type ServiceDeps } from '@lp/runtime';
import { insertPageViews } from '../queries/insert-page-views.ts';

export function consumePageViews({ bus, knex, log, counters }: ServiceDeps) {
  return startConsumer(bus, {
    durable: DURABLES.analyticsPageviews,
    schema: PageviewsRecordedSchema,
    log,
    counters,
    handle: async (batch, _msg, elog) => {
      const { inserted } = await insertPageViews(knex, batch);
      counters.inc('analytics_pageviews_stored_total', {}, inserted);
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      if (inserted < batch.hits.length)
        counters.inc('analytics_pageviews_duplicates_total', {}, batch.hits.length - inserted);
      if (inserted < batch.hits.length)
        elog.info({ hits: batch.hits.length, inserted }, 'page view batch partly or wholly stored before');
      else elog.debug({ hits: inserted }, 'page views stored');
    },
  });
}
