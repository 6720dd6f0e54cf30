/**
 * Campaigns, newest first, with their rates in percent (one decimal) for active and completed
 * ones: unique human opens (machine opens left out) and unique clickers (scanner clicks left
 * out) ÷ delivered messages (sent minus bounced), SendGrid's definition.
 */
import type { Campaign, CampaignStatus } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export type CampaignRow = {
  id: number;
  request_id: string | null;
  name: string;
  subject: string;
  status: CampaignStatus;
  created_at: Date;
  scheduled_for: Date | null;
  sent_count: number;
  total_recipients: number;
  audience_resolved: boolean;
  unique_opens: number;
  unique_clicks: number;
  /** Sent messages a bounce came back for. */
  bounced: number;
  paused_reason: string | null;
  /** The campaign has an A/B test (its `ab_test` is set), and the variant that won. */
  has_ab_test: boolean;
  ab_winner: 'a' | 'b' | null;
};

const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);

/** Messages that reached a mailbox: sent, less those that bounced. */
export const deliveredOf = (r: Pick<CampaignRow, 'sent_count' | 'bounced'>): number =>
  Math.max(0, r.sent_count - r.bounced);

export const toCampaign = (r: CampaignRow): Campaign => {
  const shown = r.status === 'active' || r.status === 'completed';
  return {
    id: r.id,
    requestId: r.request_id ?? '',
    name: r.name,
    subject: r.subject,
    status: r.status,
    created_at: r.created_at.toISOString(),
    scheduled_for: r.scheduled_for?.toISOString() ?? null,
    sent_count: r.sent_count,
    total_recipients: r.total_recipients,
    recipients_estimated: !r.audience_resolved,
    open_rate: shown ? rate(r.unique_opens, deliveredOf(r)) : null,
    click_rate: shown ? rate(r.unique_clicks, deliveredOf(r)) : null,
    pausedReason: r.status === 'paused' ? r.paused_reason : null,
    abTestStatus: !r.has_ab_test ? null : r.ab_winner ? `${r.ab_winner}_won` : 'testing',
  };
};

export function campaignRows(knex: Knex) {
  // A journey's send step mails under a campaign of its own (status `journey`): the journey shows it, not these.
  return knex
    .withSchema('mailer')
    .table('campaigns as c')
    .whereNot('c.status', 'journey')
    .select<CampaignRow[]>(
      'c.id',
      'c.request_id',
      'c.name',
      'c.subject',
      'c.status',
      'c.created_at',
      'c.scheduled_for',
      'c.sent_count',
      'c.total_recipients',
      'c.audience_resolved',
      'c.paused_reason',
      'c.ab_winner',
      knex.raw('(c.ab_test is not null) as has_ab_test'),
      knex.raw(
        `(select count(distinct delivery_id) from mailer.tracking_events t
           where t.campaign_id = c.id and t.kind = 'open' and not t.is_proxy) as unique_opens`,
      ),
      knex.raw(
        `(select count(distinct delivery_id) from mailer.tracking_events t
           where t.campaign_id = c.id and t.kind = 'click' and not t.is_scanner) as unique_clicks`,
      ),
      knex.raw(
        `(select count(distinct delivery_id) from mailer.tracking_events t
           where t.campaign_id = c.id and t.kind = 'bounce') as bounced`,
      ),
    );
}

export async function listCampaigns(knex: Knex): Promise<Campaign[]> {
  const rows = await campaignRows(knex).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  return rows.map(toCampaign);
}
