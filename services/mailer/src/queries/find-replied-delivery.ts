/**
 * The broadcast delivery an inbound message answers: its In-Reply-To, then its References
 * (newest first), are read for the `d{delivery}.c{campaign}@host` Message-IDs the send worker
 * gives every campaign message; the first that names a stored delivery of that campaign wins.
 */
import type { Knex } from '@lp/runtime';

export type RepliedDelivery = { campaignId: number; deliveryId: number; contactId: number };

const CAMPAIGN_MESSAGE_ID = /^<?d(\d{1,18})\.c(\d{1,10})@[^>\s]+>?$/i;

/** Delivery and campaign ids named by the headers, in the order they are tried. */
export function campaignMessageIds(inReplyTo: string | null, references: readonly string[]) {
  const ids: { deliveryId: number; campaignId: number }[] = [];
  for (const ref of [inReplyTo, ...[...references].reverse()]) {
    const m = ref ? CAMPAIGN_MESSAGE_ID.exec(ref.trim()) : null;
    if (m) ids.push({ deliveryId: Number(m[1]), campaignId: Number(m[2]) });
  }
  return ids;
}

export async function findRepliedDelivery(
  knex: Knex | Knex.Transaction,
  inReplyTo: string | null,
  references: readonly string[],
): Promise<RepliedDelivery | null> {
  for (const { deliveryId, campaignId } of campaignMessageIds(inReplyTo, references).slice(0, 5)) {
    if (!Number.isSafeInteger(deliveryId) || campaignId > 2147483647) continue;
    const row = await knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ id: deliveryId, campaign_id: campaignId })
      .first<{ contact_id: number } | undefined>('contact_id');
    if (row) return { campaignId, deliveryId, contactId: row.contact_id };
  }
  return null;
}
