/**
 * Consumes the opens and clicks the gateway answered (`mail.tracking-hits.recorded`), and the
 * unsubscribes it took while the mailer was away: each open and click is stored once however
 * often its batch is delivered (its id is the row's key), each unsubscribe once per delivery, so
 * the campaign's figures count what recipients did while the mailer was away, exactly once.
 */
import { DURABLES, TrackingHitsRecordedSchema } from '@lp/contracts';
import { defineConsumer, requestIdOf, rethrowDbError } from '@lp/runtime';
import { findDelivery } from './find-delivery.ts';
import { recordTrackingHits } from './record-tracking-hits.ts';
import { unsubscribeDelivery } from './unsubscribe-delivery.ts';

export const consumeTrackingHits = defineConsumer({
  durable: DURABLES.mailerTrackingHits,
  schema: TrackingHitsRecordedSchema,
  handle: async (batch, { knex, bus, counters, log, msg }) => {
    const seen = batch.hits.filter((h) => h.kind !== 'unsubscribe');
    const stored = seen.length > 0 ? await recordTrackingHits(knex, seen).catch(rethrowDbError) : [];
    for (const kind of stored) counters.inc('mailer_tracking_events_total', { kind });
    for (const h of batch.hits.filter((u) => u.kind === 'unsubscribe')) {
      const delivery = await findDelivery(knex, { id: h.deliveryId });
      if (!delivery) log.info({ deliveryId: h.deliveryId }, 'unsubscribe for no known delivery ignored');
      else await unsubscribeDelivery({ knex, bus, counters }, delivery, requestIdOf(msg.headers)).catch(rethrowDbError);
    }
    log.debug({ hits: batch.hits.length, stored: stored.length }, 'tracking hits recorded');
  },
});
