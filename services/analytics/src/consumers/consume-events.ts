/**
 * Consumes `analytics.events.recorded` and stores each batch (idempotent on event id + hit index)
 * with its visits and roll-ups in the same transaction (engagement pings extend visits); the
 * batches of one partition that wait together are stored in one transaction (batch-groups.ts).
 * A batch the database can never take (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, EventsRecordedSchema, type EventsRecorded } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { recordEventBatches } from '../visits/record-hits.ts';
import { groupedRecorder } from './batch-groups.ts';

const storeEvents = groupedRecorder<EventsRecorded>('events', recordEventBatches);

export const consumeEvents = defineConsumer({
  durable: DURABLES.analyticsEvents,
  schema: EventsRecordedSchema,
  // As page views: waiting batches hold no connection and are stored in groups.
  maxInFlight: 32,
  handle: async (batch, ctx) => {
    const { counters, log } = ctx;
    const inserted = await storeEvents(batch, ctx).catch(rethrowDbError);
    counters.inc('analytics_events_stored_total', {}, inserted);
    if (inserted < batch.hits.length) {
      // Hits of a redelivered or re-sent batch that were stored before: the de-duplication at work.
      counters.inc('analytics_events_duplicates_total', {}, batch.hits.length - inserted);
      log.info({ hits: batch.hits.length, inserted }, 'event batch partly or wholly stored before');
    } else log.debug({ hits: inserted }, 'events stored');
  },
});
