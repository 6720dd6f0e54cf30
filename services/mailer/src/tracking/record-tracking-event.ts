/**
 * Stores one tracking event of a delivery (its campaign taken from the delivery). With `key`, a
 * second event of that key is ignored (webhook redelivery, a second unsubscribe): `inserted` says.
 */
import type { Knex } from '@lp/runtime';

export type TrackingEvent = {
  deliveryId: number;
  kind: 'open' | 'click' | 'unsubscribe' | 'bounce' | 'complaint' | 'delivered' | 'deferred' | 'dropped';
  linkIdx?: number | null;
  isProxy?: boolean;
  /** A click a link scanner made (machine-hits.ts). */
  isScanner?: boolean;
  /** A bounce for now (refused, a full mailbox), not for good. */
  isSoft?: boolean;
  key?: string | null;
  detail?: string | null;
};

export async function recordTrackingEvent(knex: Knex, e: TrackingEvent): Promise<{ inserted: boolean }> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `insert into mailer.tracking_events (delivery_id, campaign_id, email, kind, link_idx, is_proxy, is_scanner, is_soft, event_key, detail)
     select id, campaign_id, email, ?, ?, ?, ?, ?, ?, ? from mailer.deliveries where id = ?
     on conflict (event_key) do nothing
     returning id`,
    [
      e.kind,
      e.linkIdx ?? null,
      e.isProxy ?? false,
      e.isScanner ?? false,
      e.isSoft ?? false,
      e.key ?? null,
      e.detail ?? null,
      e.deliveryId,
    ],
  );
  return { inserted: rows.length > 0 };
}
