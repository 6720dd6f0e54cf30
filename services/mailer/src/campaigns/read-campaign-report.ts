/**
 * A campaign's report beside its figures: each link of the message with its clicks by people
 * (scanner clicks left out), opens and clicks by people over time — an hour a point for the first
 * 48 hours after the first message went out, then a day a point (days in the site's time zone),
 * only points with something in them — and the bounces (hard and soft), complaints and
 * unsubscribes. A message bounces hard when the address is refused for good: a provider's bounce
 * that is not soft, or a refusal with a permanent (5xx) SMTP reply when it was sent; soft when it
 * is refused for now: a provider's soft bounce (`blocked`), or temporary refusals (4xx, a lost
 * connection) until the send loop gave up. A message with both is hard. And the message as
 * written, for the preview with each link's clicks marked. 404 for a campaign that does not exist.
 */
import type { CampaignReport } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';

/** How long after the first message the timeline counts by the hour. */
export const HOURLY_FOR_HOURS = 48;

export async function readCampaignReport(knex: Knex, id: number, timeZone: string): Promise<CampaignReport> {
  const campaign = await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id })
    .first<{ id: number; content: string } | undefined>('id', 'content');
  if (!campaign) throw notFound('Campaign not found');
  const [{ rows: links }, { rows: timeline }, { rows: outcomes }] = [
    await knex.raw<{ rows: { idx: number; url: string; unique_clicks: number; total_clicks: number }[] }>(
      `select l.idx, l.url,
              count(distinct t.delivery_id)::int as unique_clicks, count(t.id)::int as total_clicks
         from mailer.campaign_links l
         left join mailer.tracking_events t
           on t.campaign_id = l.campaign_id and t.kind = 'click' and t.link_idx = l.idx and not t.is_scanner
        where l.campaign_id = ?
        group by l.idx, l.url
        order by count(distinct t.delivery_id) desc, l.idx`,
      [id],
    ),
    await knex.raw<{ rows: { at: Date; unit: 'hour' | 'day'; opens: number; clicks: number }[] }>(
      `with first as (select min(sent_at) as at from mailer.deliveries where campaign_id = ?),
       hits as (
         select t.kind, t.at,
                t.at < (select at from first) + make_interval(hours => ?) as early
           from mailer.tracking_events t
          where t.campaign_id = ?
            and ((t.kind = 'open' and not t.is_proxy) or (t.kind = 'click' and not t.is_scanner))
       )
       select case when early then date_trunc('hour', at)
                   else (date_trunc('day', at at time zone ?) at time zone ?) end as at,
              case when early then 'hour' else 'day' end as unit,
              (count(*) filter (where kind = 'open'))::int as opens,
              (count(*) filter (where kind = 'click'))::int as clicks
         from hits group by 1, 2 order by 1`,
      [id, HOURLY_FOR_HOURS, id, timeZone, timeZone],
    ),
    await knex.raw<{ rows: { hard: number; soft: number; complaints: number; unsubscribes: number }[] }>(
      `with bounces as (
         select delivery_id, not is_soft as hard
           from mailer.tracking_events where campaign_id = ? and kind = 'bounce'
         union all
         select id, coalesce(error, '') ~ '^5[0-9][0-9]'
           from mailer.deliveries where campaign_id = ? and status = 'failed'
       ), each_bounced as (
         select bool_or(hard) as hard from bounces group by delivery_id
       ), other as (
         select (count(distinct delivery_id) filter (where kind = 'complaint'))::int as complaints,
                (count(distinct delivery_id) filter (where kind = 'unsubscribe'))::int as unsubscribes
           from mailer.tracking_events where campaign_id = ? and kind in ('complaint', 'unsubscribe')
       )
       select (select count(*) filter (where hard) from each_bounced)::int as hard,
              (select count(*) filter (where not hard) from each_bounced)::int as soft,
              other.complaints, other.unsubscribes
         from other`,
      [id, id, id],
    ),
  ];
  const o = outcomes[0] ?? { hard: 0, soft: 0, complaints: 0, unsubscribes: 0 };
  return {
    links: links.map((l) => ({ idx: l.idx, url: l.url, uniqueClicks: l.unique_clicks, totalClicks: l.total_clicks })),
    content: campaign.content,
    timeline: timeline.map((p) => ({ at: p.at.toISOString(), unit: p.unit, opens: p.opens, clicks: p.clicks })),
    bounced: o.hard + o.soft,
    hardBounces: o.hard,
    softBounces: o.soft,
    complaints: o.complaints,
    unsubscribes: o.unsubscribes,
  };
}
