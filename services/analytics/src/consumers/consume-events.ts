/**
 * Consumes `analytics.events.recorded` and stores each batch (idempotent on event id + hit index)
 * with its visits and roll-ups in the same transaction (engagement pings extend visits).
 * A batch the database can never take (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, EventsRecordedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { recordEvents } from '../visits/record-hits.ts';

export const consumeEvents = defineConsumer({
  durable: DURABLES.analyticsEvents,
  schema: EventsRecordedSchema,
  // As page views: a few batches at once, not more than the database pool serves.
  maxInFlight: 8,
  handle: async (batch, { knex, counters, log, config }) => {
    const { inserted } = await recordEvents(knex, batch, config.SITE_TIME_ZONE).catch(rethrowDbError);
    counters.inc('analytics_events_stored_total', {}, inserted);
    if (inserted < batch.hits.length) {
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      counters.inc('analytics_events_duplicates_total', {}, batch.hits.length - inserted);
      log.info({ hits: batch.hits.length, inserted }, 'event batch partly or wholly stored before');
    } else log.debug({ hits: inserted }, 'events stored');
  },
});
