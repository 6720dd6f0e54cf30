/**
 * Records what became of claimed deliveries, in one statement per outcome: `sent`, `failed`
 * (5xx, with the server's reason), `outbox` (no SMTP configured), back to `pending` with a
 * later attempt (4xx), or back to `pending` with the attempt given back when the relay was not
 * there for anyone (`outage`), its campaign then paused with the reason (`pauseForRelay`), or
 * `unknown` when the relay's connection ended before it confirmed the message (never resent on
 * its own: staff choose "Send again…" on the campaign). Only
 * rows still claimed by this sender are touched.
 */
import type { Knex } from '@lp/runtime';

export type Outcome =
  | { id: number; status: 'sent' }
  | { id: number; status: 'failed' | 'outbox' | 'unknown'; error: string }
  | { id: number; status: 'retry'; error: string; delayMs: number }
  | { id: number; status: 'outage'; error: string };

export async function markDeliveries(knex: Knex, workerId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const sent = outcomes.filter((o) => o.status === 'sent').map((o) => o.id);
  const table = () => knex.withSchema('mailer').table('deliveries').where({ claimed_by: workerId, status: 'sending' });
  if (sent.length) await table().whereIn('id', sent).update({ status: 'sent', sent_at: knex.fn.now(), error: null });
  for (const o of outcomes) {
    if (o.status === 'sent') continue;
    if (o.status === 'outage')
      await table()
        .where({ id: o.id })
        .update({ status: 'pending', error: o.error, claimed_by: null, attempts: knex.raw('attempts - 1') });
    else if (o.status === 'retry')
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
 * The relay is away: active campaigns pause with the reason staff read (only those still active;
 * a staff pause meanwhile is left as it is). Their claimed rows go back to pending at their turn.
 */
export async function pauseForRelay(knex: Knex, campaignIds: number[], reason: string): Promise<void> {
  if (campaignIds.length === 0) return;
  await knex
    .withSchema('mailer')
    .table('campaigns')
    .whereIn('id', [...new Set(campaignIds)])
    .where({ status: 'active' })
    .update({ status: 'paused', paused_reason: reason });
}

/** The reason staff read on the campaigns waiting for the relay, as the last probe found it. */
export async function updateRelayReason(knex: Knex, reason: string): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ status: 'paused' })
    .whereNotNull('paused_reason')
    .whereNot({ paused_reason: reason })
    .update({ paused_reason: reason });
}

/** The relay answers again: campaigns it paused continue; returns how many. */
export async function resumeAfterRelay(knex: Knex): Promise<number> {
  return knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ status: 'paused' })
    .whereNotNull('paused_reason')
    .update({ status: 'active', paused_reason: null });
}

/** Whether any campaign waits for the relay. */
export async function waitingForRelay(knex: Knex): Promise<boolean> {
  const row = await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ status: 'paused' })
    .whereNotNull('paused_reason')
    .first('id');
  return row !== undefined;
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
