/**
 * Stores a batch of opens and clicks the gateway answered: each hit against its delivery (and
 * that delivery's campaign), keyed `<kind>:<hit id>` so a hit delivered again is ignored. Opens
 * fetched by a privacy proxy and clicks a link scanner made are kept, flagged (machine-hits.ts:
 * the user agent at once, then the timing rules over the messages the batch touched, in the same
 * transaction), and the contacts' last open and click are worked out again (contact-engagement.ts).
 * Hits of a delivery that no longer exists (its campaign deleted) are skipped.
 * Answers the kinds stored.
 */
import type { TrackingHit } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { isProxyOpen } from './is-proxy-open.ts';
import { isScannerAgent } from './machine-hits.ts';
import { settleOpensAndClicks } from './settle-opens-and-clicks.ts';

export async function recordTrackingHits(knex: Knex, hits: readonly TrackingHit[]): Promise<TrackingHit['kind'][]> {
  const rows = hits.map((h) => ({
    delivery_id: h.deliveryId,
    kind: h.kind,
    link_idx: h.kind === 'click' ? h.linkIdx : null,
    is_proxy: h.kind === 'open' && isProxyOpen(h.userAgent),
    is_scanner: h.kind === 'click' && isScannerAgent(h.userAgent),
    event_key: `${h.kind}:${h.id}`,
    detail: h.userAgent.slice(0, 300),
    at: h.at,
  }));
  return knex.transaction(async (trx) => {
    const { rows: stored } = await trx.raw<{ rows: { kind: TrackingHit['kind']; delivery_id: string }[] }>(
      `insert into mailer.tracking_events
         (delivery_id, campaign_id, email, kind, link_idx, is_proxy, is_scanner, event_key, detail, at)
       select d.id, d.campaign_id, d.email, h.kind, h.link_idx, h.is_proxy, h.is_scanner, h.event_key, h.detail, h.at
         from jsonb_to_recordset(?::jsonb) as h(delivery_id bigint, kind text, link_idx integer, is_proxy boolean,
                                                is_scanner boolean, event_key text, detail text, at timestamptz)
         join mailer.deliveries d on d.id = h.delivery_id
       on conflict (event_key) do nothing
       returning kind, delivery_id`,
      [JSON.stringify(rows)],
    );
    const deliveryIds = stored.map((r) => Number(r.delivery_id));
    await settleOpensAndClicks(trx, deliveryIds);
    return stored.map((r) => r.kind);
  });
}
