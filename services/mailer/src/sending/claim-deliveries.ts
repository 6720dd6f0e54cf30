/**
 * Claims up to `limit` due deliveries of active campaigns (and journeys' campaigns) for this sender (`claimed`, stamped
 * with its id, attempts + 1). FOR UPDATE SKIP LOCKED: replicas claim disjoint rows, never the
 * same. A claimed row has not been handed to SMTP yet (`markSentAndSending` does that,
 * a few messages ahead of the pooled connections).
 */
import type { Knex } from '@lp/runtime';

export type ClaimedDelivery = {
  id: number;
  campaign_id: number;
  email: string;
  first_name: string;
  last_name: string;
  attempts: number;
  /** An A/B test's group (`a`, `b`, or `rest`: the winner's); null for a plain campaign. */
  variant: 'a' | 'b' | 'rest' | null;
};

export async function claimDeliveries(knex: Knex, workerId: string, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await knex.raw<{ rows: ClaimedDelivery[] }>(
    `update mailer.deliveries d
        set status = 'claimed', claimed_by = ?, claimed_at = now(), attempts = d.attempts + 1
      where d.id in (
        select d2.id from mailer.deliveries d2
          join mailer.campaigns c on c.id = d2.campaign_id
         where d2.status = 'pending' and d2.next_attempt_at <= now() and c.status in ('active', 'journey')
         order by d2.next_attempt_at, d2.id
         limit ?
         for update of d2 skip locked)
      returning d.id, d.campaign_id, d.email, d.first_name, d.last_name, d.attempts, d.variant`,
    [workerId, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
