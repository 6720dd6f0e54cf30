/**
 * The broadcast delivery an inbound message answers: its In-Reply-To, then its References
 * (newest first), are read for the `{token}.d{delivery}.c{campaign}@domain` Message-IDs the send
 * worker gives every campaign message; the first that names a stored delivery of that campaign,
 * whose token is the campaign's own, wins. (Mail sent before campaigns had tokens named no token:
 * such an id is matched by its numbers.)
 */
import type { Knex } from '@lp/runtime';

export type RepliedDelivery = { campaignId: number; deliveryId: number; contactId: number };

const CAMPAIGN_MESSAGE_ID = /^<?(?:([0-9a-f]{32})\.)?d(\d{1,18})\.c(\d{1,10})@[^>\s]+>?$/i;

/** Delivery and campaign ids (and the campaign's token) named by the headers, in the order they are tried. */
export function campaignMessageIds(inReplyTo: string | null, references: readonly string[]) {
  const ids: { deliveryId: number; campaignId: number; token: string | null }[] = [];
  for (const ref of [inReplyTo, ...[...references].reverse()]) {
    const m = ref ? CAMPAIGN_MESSAGE_ID.exec(ref.trim()) : null;
    if (m) ids.push({ token: m[1]?.toLowerCase() ?? null, deliveryId: Number(m[2]), campaignId: Number(m[3]) });
  }
  return ids;
}

export async function findRepliedDelivery(
  knex: Knex | Knex.Transaction,
  inReplyTo: string | null,
  references: readonly string[],
): Promise<RepliedDelivery | null> {
  for (const { deliveryId, campaignId, token } of campaignMessageIds(inReplyTo, references).slice(0, 5)) {
    if (!Number.isSafeInteger(deliveryId) || campaignId > 2147483647) continue;
    const row = await knex
      .withSchema('mailer')
      .table('deliveries as d')
      .join('campaigns as c', 'c.id', 'd.campaign_id')
      .where({ 'd.id': deliveryId, 'd.campaign_id': campaignId })
      .modify((q) => {
        if (token) q.where('c.message_id_token', token);
      })
      .first<{ contact_id: number } | undefined>('d.contact_id');
    if (row) return { campaignId, deliveryId, contactId: row.contact_id };
  }
  return null;
}
