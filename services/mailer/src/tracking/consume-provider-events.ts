/**
 * Consumes provider webhook batches (`mail.provider-events.received`, SendGrid's Event Webhook
 * format): each event is stored once (de-duplicated by `sg_event_id`) against its delivery (the
 * `delivery_id` we put in X-SMTPAPI, else the latest delivery to that address). A hard bounce
 * makes the contact 'bounced' (a soft one, `type: blocked`, is stored as soft and leaves it be);
 * a spam complaint or an unsubscribe makes it 'unsubscribed'. An open or a click moves the
 * contact's last open or click (contact-engagement.ts) in the same transaction.
 */
import { DURABLES, ProviderEventsReceivedSchema, type ContactStatusChanged } from '@lp/contracts';
import { defineConsumer, requestIdOf, rethrowDbError } from '@lp/runtime';
import { refreshContactEngagement } from './contact-engagement.ts';
import { findDelivery } from './find-delivery.ts';
import { publishContactStatus } from './publish-contact-status.ts';
import { recordTrackingEvent, type TrackingEvent } from './record-tracking-event.ts';

type Mapped = {
  kind: TrackingEvent['kind'];
  status?: ContactStatusChanged['status'];
  isProxy?: boolean;
  isSoft?: boolean;
} | null;

function mapEvent(e: { event: string; type?: string; reason?: string; sg_machine_open?: unknown }): Mapped {
  switch (e.event) {
    case 'bounce':
      // SendGrid's `type: blocked` is a soft bounce: recorded as one, the contact kept.
      return e.type === 'blocked' ? { kind: 'bounce', isSoft: true } : { kind: 'bounce', status: 'bounced' };
    case 'dropped':
      return /bounce/i.test(e.reason ?? '') ? { kind: 'bounce', status: 'bounced' } : { kind: 'dropped' };
    case 'spamreport':
      return { kind: 'complaint', status: 'unsubscribed' };
    case 'unsubscribe':
    case 'group_unsubscribe':
      return { kind: 'unsubscribe', status: 'unsubscribed' };
    case 'open':
      return { kind: 'open', isProxy: e.sg_machine_open === true };
    case 'click':
      return { kind: 'click' };
    case 'delivered':
      return { kind: 'delivered' };
    case 'deferred':
      return { kind: 'deferred' };
    default:
      return null;
  }
}

export const consumeProviderEvents = defineConsumer({
  durable: DURABLES.mailerProviderEvents,
  schema: ProviderEventsReceivedSchema,
  handle: async (batch, { knex, bus, counters, log, msg }) => {
    for (const e of batch.events) {
      const mapped = mapEvent(e);
      if (!mapped) continue;
      const idArg = Number(e.delivery_id);
      const delivery = await findDelivery(
        knex,
        Number.isSafeInteger(idArg) && idArg > 0 ? { id: idArg } : { email: e.email },
      );
      if (!delivery) {
        log.info({ event: e.event }, 'provider event for no known delivery ignored');
        continue;
      }
      const key = `${batch.provider}:${e.sg_event_id}`;
      if (mapped.status)
        await publishContactStatus(
          bus,
          key,
          {
            email: delivery.email,
            contactId: delivery.contact_id,
            status: mapped.status,
            reason: `${batch.provider} ${e.event}${e.reason ? `: ${e.reason}` : ''}`.slice(0, 500),
          },
          requestIdOf(msg.headers),
        );
      const { inserted } = await knex
        .transaction(async (trx) => {
          const stored = await recordTrackingEvent(trx, {
            deliveryId: delivery.id,
            kind: mapped.kind,
            isProxy: mapped.isProxy ?? false,
            isSoft: mapped.isSoft ?? false,
            key,
            detail: e.reason?.slice(0, 500) ?? null,
          });
          if (stored.inserted && (mapped.kind === 'open' || mapped.kind === 'click'))
            await refreshContactEngagement(trx, [delivery.id]);
          return stored;
        })
        .catch(rethrowDbError);
      if (inserted) counters.inc('mailer_tracking_events_total', { kind: mapped.kind });
    }
  },
});
