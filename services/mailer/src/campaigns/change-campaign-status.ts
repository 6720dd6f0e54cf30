/**
 * Staff actions on a campaign: pause (an active or scheduled one; the sender stops at its next
 * batch), resume (a paused one continues where it stopped, or waits for its time if that is
 * still ahead), schedule (a draft or paused one at a time; `null` = now).
 */
import type { Campaign } from '@lp/contracts';
import { conflict, notFound, type Knex } from '@lp/runtime';
import { getCampaign } from './get-campaign.ts';

async function transition(knex: Knex, id: number, from: string[], set: Record<string, unknown>, what: string) {
  const n = await knex.withSchema('mailer').table('campaigns').where({ id }).whereIn('status', from).update(set);
  if (!n) {
    const exists = await knex.withSchema('mailer').table('campaigns').where({ id }).first('status');
    if (!exists) throw notFound('Campaign not found');
    throw conflict(`A ${(exists as { status: string }).status} campaign cannot be ${what}`);
  }
  return campaignRow(knex, id);
}

export async function campaignRow(knex: Knex, id: number): Promise<Campaign> {
  const { deliveries: _d, fromName: _n, fromEmail: _e, ...rest } = await getCampaign(knex, { id });
  const c: Campaign = {
    id: rest.id,
    requestId: rest.requestId,
    name: rest.name,
    subject: rest.subject,
    status: rest.status,
    created_at: rest.created_at,
    scheduled_for: rest.scheduled_for,
    sent_count: rest.sent_count,
    total_recipients: rest.total_recipients,
    recipients_estimated: rest.recipients_estimated,
    open_rate: rest.open_rate,
    click_rate: rest.click_rate,
    pausedReason: rest.pausedReason,
    abTestStatus: rest.abTestStatus,
  };
  return c;
}

export const pauseCampaign = (knex: Knex, id: number) =>
  transition(knex, id, ['active', 'scheduled'], { status: 'paused', paused_reason: null }, 'paused');

export const resumeCampaign = (knex: Knex, id: number) =>
  transition(
    knex,
    id,
    ['paused'],
    {
      paused_reason: null,
      status: knex.raw(`case when scheduled_for > now() and started_at is null then 'scheduled' else 'active' end`),
      started_at: knex.raw('coalesce(started_at, case when scheduled_for > now() then null else now() end)'),
    },
    'resumed',
  );

export const scheduleCampaign = (knex: Knex, id: number, at: string | null) =>
  transition(
    knex,
    id,
    ['draft', 'paused'],
    at && new Date(at).getTime() > Date.now()
      ? { status: 'scheduled', scheduled_for: at, paused_reason: null }
      : { status: 'active', scheduled_for: at, started_at: knex.fn.now(), paused_reason: null },
    'scheduled',
  );

/**
 * Staff's decision on the messages a crash left of unknown fate (handed to the mail server when
 * the sender died, never resent on its own): send them again. The server may have taken some of
 * them, so those recipients may get a second copy; the dashboard says so before asking. A
 * completed campaign becomes active again until they are sent.
 */
export async function resendUnknown(knex: Knex, id: number): Promise<Campaign> {
  await knex.transaction(async (trx) => {
    const campaign = (await trx.withSchema('mailer').table('campaigns').where({ id }).forUpdate().first('status')) as
      { status: string } | undefined;
    if (!campaign) throw notFound('Campaign not found');
    const requeued = await trx
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: id, status: 'unknown' })
      .update({ status: 'pending', claimed_by: null, error: null });
    if (!requeued) throw conflict('This campaign has no messages of unknown fate');
    if (campaign.status === 'completed')
      await trx.withSchema('mailer').table('campaigns').where({ id }).update({ status: 'active', completed_at: null });
  });
  return campaignRow(knex, id);
}
