/**
 * Counts a stored or scheduled campaign's audience (mailable contacts, from crm) so the
 * campaigns table shows how many it will go to before it starts; the send worker replaces it
 * with the exact number when it resolves the audience. A follow-up counts those the campaign it
 * follows reached who have not opened (or clicked) it yet. Best effort: when crm does not
 * answer, the campaign keeps its previous figure and still sends normally.
 */
import { CampaignAudienceSchema, RPC } from '@lp/contracts';
import { callRpc, type ServiceDeps } from '@lp/runtime';
import * as v from 'valibot';
import { countFollowUpAudience } from './count-follow-up-audience.ts';
import { findUnresolvedAudience } from '../queries/find-unresolved-audience.ts';
import { setExpectedRecipients } from '../queries/set-expected-recipients.ts';

export async function estimateAudience(
  { knex, bus, log }: Pick<ServiceDeps, 'knex' | 'bus' | 'log'>,
  campaignId: number,
): Promise<void> {
  try {
    const stored = await findUnresolvedAudience(knex, campaignId);
    if (stored === null) return;
    const audience = v.parse(CampaignAudienceSchema, stored);
    const { count } =
      'followUp' in audience
        ? { count: await countFollowUpAudience(knex, audience.followUp) }
        : await callRpc(bus, RPC.crm.audienceCount, { audience }, { log });
    await setExpectedRecipients(knex, campaignId, count);
  } catch (err) {
    log.warn({ err, campaignId }, 'expected audience size not counted; shown when sending starts');
  }
}
