/**
 * Records what became of claimed deliveries, in one statement per outcome: `sent`, `failed`
 * (5xx, with the server's reason), `outbox` (no SMTP configured), or back to `pending` with a
 * later attempt (4xx). Only rows still claimed by this sender are touched.
 */
import type { Knex } from '@lp/runtime';

export type Outcome =
  | { id: number; status: 'sent' }
  | { id: number; status: 'failed' | 'outbox'; error: string }
  | { id: number; status: 'retry'; error: string; delayMs: number };

export async function markDeliveries(knex: Knex, workerId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const sent = outcomes.filter((o) => o.status === 'sent').map((o) => o.id);
  const table = () => knex.withSchema('mailer').table('deliveries').where({ claimed_by: workerId, status: 'sending' });
  if (sent.length) await table().whereIn('id', sent).update({ status: 'sent', sent_at: knex.fn.now(), error: null });
  for (const o of outcomes) {
    if (o.status === 'sent') continue;
    if (o.status === 'retry')
      await table()
        .where({ id: o.id })
        .update({
          status: 'pending',
          error: o.error,
          claimed_by: null,
          next_attempt_at: knex.raw(`now() + ? * interval '1 millisecond'`, [o.delayMs]),
        });
    else await table().where({ id: o.id }).update({ status: o.status, error: o.error });
  }
}

/**
 * Campaigns of these deliveries: counts refreshed, completed once the whole audience is written
 * (pages of it are sent while the rest is still being resolved) and nothing is left to send.
 */
export async function settleCampaigns(knex: Knex, campaignIds: number[]): Promise<void> {
  for (const id of new Set(campaignIds))
    await knex.raw(
      `update mailer.campaigns c
          set sent_count = (select count(*) from mailer.deliveries where campaign_id = c.id and status = 'sent'),
              status = case when c.status = 'active' and c.audience_resolved and not exists (
                         select 1 from mailer.deliveries where campaign_id = c.id and status in ('pending', 'claimed', 'sending'))
                       then 'completed' else c.status end,
              completed_at = case when c.status = 'active' and c.audience_resolved and not exists (
                         select 1 from mailer.deliveries where campaign_id = c.id and status in ('pending', 'claimed', 'sending'))
                       then now() else c.completed_at end
        where c.id = ?`,
      [id],
    );
}

/** Active campaigns whose audience is resolved and that have nothing left (an empty audience too). */
export async function completeFinishedCampaigns(knex: Knex): Promise<void> {
  const rows = await knex
    .withSchema('mailer')
    .table('campaigns as c')
    .where({ 'c.status': 'active', 'c.audience_resolved': true })
    .whereNotExists(
      knex
        .withSchema('mailer')
        .table('deliveries as d')
        .whereRaw('d.campaign_id = c.id')
        .whereIn('d.status', ['pending', 'claimed', 'sending']),
    )
    .select<{ id: number }[]>('c.id');
  await settleCampaigns(
    knex,
    rows.map((r) => r.id),
  );
}
