/** One link of a campaign's message, with the campaign's id and name (a click's redirect). */
import type { Knex } from '@lp/runtime';

export type CampaignLink = { url: string; campaignId: number; campaignName: string };

export async function findCampaignLink(knex: Knex, campaignId: number, idx: number): Promise<CampaignLink | undefined> {
  const row = await knex
    .withSchema('mailer')
    .table('campaign_links as l')
    .join('campaigns as c', 'c.id', 'l.campaign_id')
    .where({ 'l.campaign_id': campaignId, 'l.idx': idx })
    .first<{ url: string; id: number; name: string } | undefined>('l.url', 'c.id', 'c.name');
  return row && { url: row.url, campaignId: row.id, campaignName: row.name };
}
