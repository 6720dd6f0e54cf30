/** Scheduled campaigns whose time has come become active (run by every sender; idempotent). */
import type { Knex } from '@lp/runtime';

export async function startDueCampaigns(knex: Knex): Promise<number> {
  return knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ status: 'scheduled' })
    .andWhere('scheduled_for', '<=', knex.fn.now())
    .update({ status: 'active', started_at: knex.fn.now() });
}
