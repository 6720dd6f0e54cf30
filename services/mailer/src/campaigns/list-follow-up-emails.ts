/**
 * A page of a follow-up's audience, in delivery order after delivery `after`: the addresses a
 * campaign was delivered to (sent, no bounce back) where no person opened it (or, `not_clicked`,
 * followed none of its links). Machine opens and scanner clicks do not count as a person's.
 */
import type { FollowUpAudience } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

/** The condition on `mailer.deliveries d` (its one binding: the campaign's id). */
export function followUpAudienceSql(who: FollowUpAudience): string {
  const reached = who === 'not_opened' ? "t.kind = 'open' and not t.is_proxy" : "t.kind = 'click' and not t.is_scanner";
  return `d.campaign_id = ? and d.status = 'sent'
    and not exists (select 1 from mailer.tracking_events t
                     where t.delivery_id = d.id and (${reached} or t.kind = 'bounce'))`;
}

export async function listFollowUpEmails(
  knex: Knex,
  followUp: { campaignId: number; who: FollowUpAudience },
  after: number,
  limit: number,
): Promise<{ id: number; email: string }[]> {
  const { rows } = await knex.raw<{ rows: { id: string; email: string }[] }>(
    `select d.id, d.email from mailer.deliveries d
      where ${followUpAudienceSql(followUp.who)} and d.id > ?
      order by d.id limit ?`,
    [followUp.campaignId, after, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), email: r.email }));
}
