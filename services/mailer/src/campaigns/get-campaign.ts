/** One campaign's progress: deliveries by status, opens and clicks (unique, total, proxy), failures. */
import { DELIVERY_STATUSES, type CampaignDetail, type DeliveryStatus } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { campaignRows, toCampaign, type CampaignRow } from './list-campaigns.ts';

export async function getCampaign(knex: Knex, by: { id: number } | { requestId: string }): Promise<CampaignDetail> {
  const q = campaignRows(knex).select('c.from_name', 'c.from_email');
  const row = (await ('id' in by ? q.where('c.id', by.id) : q.where('c.request_id', by.requestId)).first()) as
    (CampaignRow & { from_name: string; from_email: string }) | undefined;
  if (!row) throw notFound('Campaign not found');
  const byStatus = (await knex
    .withSchema('mailer')
    .table('deliveries')
    .where({ campaign_id: row.id })
    .groupBy('status')
    .select('status')
    .count({ n: '*' })) as { status: DeliveryStatus; n: string | number }[];
  const deliveries = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  for (const r of byStatus) deliveries[r.status] = Number(r.n);
  const [t] = (await knex
    .withSchema('mailer')
    .table('tracking_events')
    .where({ campaign_id: row.id })
    .select(
      knex.raw(`count(*) filter (where kind = 'open') as total_opens`),
      knex.raw(`count(*) filter (where kind = 'open' and is_proxy) as proxy_opens`),
      knex.raw(`count(*) filter (where kind = 'click') as total_clicks`),
    )) as { total_opens: string; proxy_opens: string; total_clicks: string }[];
  const failures = (await knex
    .withSchema('mailer')
    .table('deliveries')
    .where({ campaign_id: row.id })
    .whereIn('status', ['failed', 'unknown', 'outbox'])
    .orderBy('id')
    .limit(50)
    .select('email', 'error')) as { email: string; error: string | null }[];
  return {
    ...toCampaign(row),
    fromName: row.from_name,
    fromEmail: row.from_email,
    deliveries,
    uniqueOpens: Number(row.unique_opens),
    totalOpens: Number(t?.total_opens ?? 0),
    proxyOpens: Number(t?.proxy_opens ?? 0),
    uniqueClicks: Number(row.unique_clicks),
    totalClicks: Number(t?.total_clicks ?? 0),
    failures: failures.map((f) => ({ email: f.email, error: f.error ?? '' })),
  };
}
