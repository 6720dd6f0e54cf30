/**
 * A not-yet-started campaign's expected audience size, shown as its `total_recipients` until
 * the send worker resolves the audience and writes the exact number (a resolved one is left alone).
 */
import type { Knex } from '@lp/runtime';

export async function setExpectedRecipients(knex: Knex, campaignId: number, count: number): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: campaignId, audience_resolved: false })
    .update({ total_recipients: count });
}
