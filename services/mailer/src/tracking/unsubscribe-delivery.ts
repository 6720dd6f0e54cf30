/**
 * Unsubscribes the recipient of a delivery (its unsubscribe link): crm is told over the MAIL
 * stream, then the unsubscribe is recorded once per delivery (`unsubscribe:<delivery>`), so a
 * second click, a retried request or a redelivered event changes nothing. The same for the
 * request the gateway forwards and for the event it stores while the mailer is away.
 */
import type { Bus, Counters, Knex } from '@lp/runtime';
import type { DeliveryRef } from './find-delivery.ts';
import { publishContactStatus } from './publish-contact-status.ts';
import { recordTrackingEvent } from './record-tracking-event.ts';

export async function unsubscribeDelivery(
  deps: { knex: Knex; bus: Bus; counters: Counters },
  delivery: DeliveryRef,
  reqId?: string,
): Promise<void> {
  const key = `unsubscribe:${delivery.id}`;
  // Published before it is recorded: a failure here leaves nothing recorded, so a retry publishes again.
  await publishContactStatus(
    deps.bus,
    key,
    {
      email: delivery.email,
      contactId: delivery.contact_id,
      status: 'unsubscribed',
      reason: `unsubscribe link of campaign ${delivery.campaign_id}`,
    },
    reqId,
  );
  const { inserted } = await recordTrackingEvent(deps.knex, { deliveryId: delivery.id, kind: 'unsubscribe', key });
  if (inserted) deps.counters.inc('mailer_tracking_events_total', { kind: 'unsubscribe' });
}
