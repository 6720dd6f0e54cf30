/**
 * Consumes `analytics.events.recorded` and stores each batch (idempotent on event id + hit index).
 * A batch the database can never take (class 22/23) is parked as a dead letter; the rest retry.
 */
import { DURABLES, EventsRecordedSchema } from '@lp/contracts';
import { parkDeadLetter, rethrowDbError, startConsumer, type ServiceDeps } from '@lp/runtime';
import { insertEvents } from '../queries/insert-events.ts';

export function consumeEvents({ bus, knex, log, counters }: ServiceDeps) {
  return startConsumer(bus, {
    durable: DURABLES.analyticsEvents,
    schema: EventsRecordedSchema,
    log,
    counters,
    park: (m) => parkDeadLetter(knex, m),
    handle: async (batch, _msg, elog) => {
      const { inserted } = await insertEvents(knex, batch).catch(rethrowDbError);
      counters.inc('analytics_events_stored_total', {}, inserted);
      if (inserted < batch.hits.length)
        elog.info({ hits: batch.hits.length, inserted }, 'event batch partly or wholly stored before');
      else elog.debug({ hits: inserted }, 'events stored');
    },
  });
}
