/** One campaign's progress: deliveries by status, opens and clicks (unique, total, proxy), failures. */
import { DELIVERY_STATUSES, type CampaignDetail, type DeliveryStatus } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { campaignRows, toCampaign, type CampaignRow } from './list-campaigns.ts';

type Totals = { total_opens: number; proxy_opens: number; total_clicks: number };

export async function getCampaign(knex: Knex, { id }: { id: number }): Promise<CampaignDetail> {
  // The totals are read in the same statement as the unique counts (one snapshot): read apart, a
  // hit stored between the two reads showed more opens in total than opened at all.
  const q = campaignRows(knex).select(
    'c.from_name',
    'c.from_email',
    knex.raw(
      `(select json_build_object(
           'total_opens', count(*) filter (where t.kind = 'open'),
           'proxy_opens', count(*) filter (where t.kind = 'open' and t.is_proxy),
           'total_clicks', count(*) filter (where t.kind = 'click'))
         from mailer.tracking_events t where t.campaign_id = c.id) as totals`,
    ),
  );
  const row = (await q.where('c.id', id).first()) as
    (CampaignRow & { from_name: string; from_email: string; totals: Totals | string }) | undefined;
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
  const t = (typeof row.totals === 'string' ? JSON.parse(row.totals) : row.totals) as Totals;
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
    totalOpens: Number(t.total_opens),
    proxyOpens: Number(t.proxy_opens),
    uniqueClicks: Number(row.unique_clicks),
    totalClicks: Number(t.total_clicks),
    failures: failures.map((f) => ({ email: f.email, error: f.error ?? '' })),
  };
}
