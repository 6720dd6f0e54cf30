/** The audience of a campaign that has not started sending yet (its recipients not resolved); null otherwise. */
import type { Knex } from '@lp/runtime';

export async function findUnresolvedAudience(knex: Knex, campaignId: number): Promise<unknown> {
  const row = (await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: campaignId, audience_resolved: false })
    .first('audience')) as { audience: unknown } | undefined;
  return row?.audience ?? null;
}
