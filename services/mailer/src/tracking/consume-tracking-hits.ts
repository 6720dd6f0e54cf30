/**
 * Consumes the opens and clicks the gateway answered (`mail.tracking-hits.recorded`): each hit is
 * stored once however often its batch is delivered (its id is the row's key), so the campaign's
 * figures count what recipients did while the mailer was away, exactly once.
 */
import { DURABLES, TrackingHitsRecordedSchema } from '@lp/contracts';
import { defineConsumer, rethrowDbError } from '@lp/runtime';
import { recordTrackingHits } from './record-tracking-hits.ts';

export const consumeTrackingHits = defineConsumer({
  durable: DURABLES.mailerTrackingHits,
  schema: TrackingHitsRecordedSchema,
  handle: async (batch, { knex, counters, log }) => {
    const stored = await recordTrackingHits(knex, batch.hits).catch(rethrowDbError);
    for (const kind of stored) counters.inc('mailer_tracking_events_total', { kind });
    log.debug({ hits: batch.hits.length, stored: stored.length }, 'tracking hits recorded');
  },
});
