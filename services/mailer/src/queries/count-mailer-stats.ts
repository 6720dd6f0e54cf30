/** The mailer's counters for the dashboard home. */
import type { Knex } from '@lp/runtime';
import type { MailerStats } from '@lp/contracts';

export async function countMailerStats(knex: Knex): Promise<MailerStats> {
  const [row] = await knex
    .withSchema('mailer')
    .table('campaigns')
    .whereNot('status', 'journey')
    .count<{ count: number }[]>({ count: '*' });
  return { totalCampaigns: Number(row?.count ?? 0) };
}
