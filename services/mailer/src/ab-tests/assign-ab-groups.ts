/**
 * An A/B test's audience, split once it is resolved: every delivery row of the campaign was
 * written as `rest`, never due (`next_attempt_at` 'infinity'), so nothing of it is sent before
 * the split. Then, in one transaction with `audience_resolved`, the first `abGroupSize` rows in a
 * fixed pseudo-random order (an md5 of campaign and contact) become variant A, the next as many
 * variant B, both due now, and the winner's time is set. A resolver that crashed before the
 * commit leaves nothing split; the next one resolves again (rows are unique per contact) and
 * splits the same way; one that finds it split already leaves it. Each row has one group for
 * good: nobody gets both variants.
 */
import type { AbTest } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { abGroupSize } from './ab-test-rules.ts';

/** The row values of an A/B test's delivery before the split: in the rest, not due. */
export const HELD_DELIVERY = { variant: 'rest', next_attempt_at: 'infinity' } as const;

export async function assignAbGroups(trx: Knex.Transaction, campaignId: number, abTest: AbTest): Promise<number> {
  // A second resolver (the first outran its lease) finds it split already and splits nothing more.
  const campaign = await trx
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: campaignId })
    .forUpdate()
    .first<{ audience_resolved: boolean; total_recipients: number; ab_winner: string | null } | undefined>(
      'audience_resolved',
      'total_recipients',
      'ab_winner',
    );
  if (!campaign) return 0;
  if (campaign.audience_resolved) {
    // What it wrote after the winner was picked goes out with the rest (before, the pick releases it).
    if (campaign.ab_winner)
      await trx
        .withSchema('mailer')
        .table('deliveries')
        .where({ campaign_id: campaignId, variant: 'rest', status: 'pending', next_attempt_at: 'infinity' })
        .update({ next_attempt_at: trx.fn.now() });
    return campaign.total_recipients;
  }
  const [counted] = await trx
    .withSchema('mailer')
    .table('deliveries')
    .where({ campaign_id: campaignId })
    .count<{ n: number }[]>({ n: '*' });
  const n = Number(counted?.n ?? 0);
  const size = abGroupSize(n, abTest.testShare);
  if (size > 0)
    await trx.raw(
      `with ranked as (
         select id, row_number() over (order by md5(campaign_id || ':' || contact_id), id) as r
           from mailer.deliveries where campaign_id = ? and variant = 'rest' and status = 'pending'
       )
       update mailer.deliveries d
          set variant = case when ranked.r <= ? then 'a' else 'b' end, next_attempt_at = now()
         from ranked
        where ranked.id = d.id and ranked.r <= ?`,
      [campaignId, size, size * 2],
    );
  await trx
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: campaignId })
    .update({
      audience_resolved: true,
      total_recipients: n,
      ab_decide_at:
        abTest.winnerBy === 'manual' ? null : trx.raw(`now() + ? * interval '1 hour'`, [abTest.decideAfterHours]),
    });
  return n;
}
