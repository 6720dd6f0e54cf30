/** How many a follow-up would go to now: those `listFollowUpEmails` pages through, counted. */
import type { FollowUpAudience } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { followUpAudienceSql } from './list-follow-up-emails.ts';

export async function countFollowUpAudience(
  knex: Knex,
  followUp: { campaignId: number; who: FollowUpAudience },
): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(
    `select count(*) as n from mailer.deliveries d where ${followUpAudienceSql(followUp.who)}`,
    [followUp.campaignId],
  );
  return Number(rows[0]?.n ?? 0);
}
