/**
 * One statement per flush of the send pipeline: the messages the SMTP server accepted become
 * `sent`, and the claimed rows about to be handed to SMTP become `sending` (their fate is
 * unknown if this process dies now) — or go back to `pending` when their campaign is no longer
 * active (paused meanwhile), so a pause stops between messages. Only rows of this sender are
 * touched. Returns the ids that may be sent now.
 */
import type { Knex } from '@lp/runtime';

export async function markSentAndSending(
  knex: Knex,
  workerId: string,
  sentIds: number[],
  startIds: number[],
): Promise<Set<number>> {
  const { rows } = await knex.raw<{ rows: { id: number }[] }>(
    `with sent as (
       update mailer.deliveries set status = 'sent', sent_at = now(), error = null
        where id = any(?::bigint[]) and claimed_by = ? and status = 'sending'),
     go as (
       update mailer.deliveries d set status = 'sending'
         from mailer.campaigns c
        where c.id = d.campaign_id and c.status in ('active', 'journey')
          and d.id = any(?::bigint[]) and d.claimed_by = ? and d.status = 'claimed'
        returning d.id),
     back as (
       update mailer.deliveries d set status = 'pending', claimed_by = null, attempts = d.attempts - 1
         from mailer.campaigns c
        where c.id = d.campaign_id and c.status not in ('active', 'journey')
          and d.id = any(?::bigint[]) and d.claimed_by = ? and d.status = 'claimed')
     select id from go`,
    [sentIds, workerId, startIds, workerId, startIds, workerId],
  );
  return new Set(rows.map((r) => r.id));
}
