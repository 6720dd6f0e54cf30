/**
 * One campaign's progress: deliveries by status, delivered (sent less bounced), opens and clicks
 * (unique and total, by people; machine opens and scanner clicks counted apart), failures.
 */
import { DELIVERY_STATUSES, type CampaignDetail, type DeliveryStatus } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { readAbTest } from '../ab-tests/read-ab-test.ts';
import { campaignRows, deliveredOf, toCampaign, type CampaignRow } from './list-campaigns.ts';

type Totals = { total_opens: number; proxy_opens: number; total_clicks: number; scanner_clicks: number };

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
           'total_clicks', count(*) filter (where t.kind = 'click' and not t.is_scanner),
           'scanner_clicks', count(*) filter (where t.kind = 'click' and t.is_scanner))
         from mailer.tracking_events t where t.campaign_id = c.id) as totals`,
    ),
  );
  const row = await q
    .select(
      knex.raw(
        `(select json_build_object('id', o.id, 'name', o.name, 'who', c.audience->'followUp'->>'who')
            from mailer.campaigns o where o.id = c.follow_up_of) as follow_up_of`,
      ),
    )
    .where('c.id', id)
    .first<
      | (CampaignRow & {
          from_name: string;
          from_email: string;
          totals: Totals;
          follow_up_of: CampaignDetail['followUpOf'];
        })
      | undefined
    >();
  if (!row) throw notFound('Campaign not found');
  const byStatus = await knex
    .withSchema('mailer')
    .table('deliveries')
    .where({ campaign_id: row.id })
    .groupBy('status')
    .select('status')
    .count<{ status: DeliveryStatus; n: number }[]>({ n: '*' });
  const deliveries = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  for (const r of byStatus) deliveries[r.status] = r.n;
  const t = row.totals;
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
    delivered: deliveredOf(row),
    uniqueOpens: row.unique_opens,
    totalOpens: t.total_opens,
    proxyOpens: t.proxy_opens,
    uniqueClicks: row.unique_clicks,
    totalClicks: t.total_clicks,
    scannerClicks: t.scanner_clicks,
    followUpOf: row.follow_up_of,
    abTest: await readAbTest(knex, row.id),
    failures: failures.map((f) => ({ email: f.email, error: f.error ?? '' })),
  };
}
