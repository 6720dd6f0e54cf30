/** Consumes `analytics.events.recorded` and stores each batch (idempotent on event id + hit index). */
import { DURABLES, EventsRecordedSchema } from '@lp/contracts';
import { startConsumer, type ServiceDeps } from '@lp/runtime';
import { insertEvents } from '../queries/insert-events.ts';

export function consumeEvents({ bus, knex, log, counters }: ServiceDeps) {
  return startConsumer(bus, {
    durable: DURABLES.analyticsEvents,
    schema: EventsRecordedSchema,
    log,
    counters,
    handle: async (batch, _msg, elog) => {
      const { inserted } = await insertEvents(knex, batch);
      counters.inc('analytics_events_stored_total', {}, inserted);
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      if (inserted < batch.hits.length)
        counters.inc('analytics_events_duplicates_total', {}, batch.hits.length - inserted);
      if (inserted < batch.hits.length)
        elog.info({ hits: batch.hits.length, inserted }, 'event batch partly or wholly stored before');
      else elog.debug({ hits: inserted }, 'events stored');
    },
  });
}
