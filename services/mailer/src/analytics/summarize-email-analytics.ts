/**
 * E-mail analytics over the last `days` calendar days in the site's time zone (SITE_TIME_ZONE),
 * today included, by send time: messages sent, and in percent of delivered ones (sent minus
 * bounced) the unique human opens and unique clickers (machine opens and scanner clicks left
 * out, tracking/machine-hits.ts); bounces (5xx failures and bounce events)
 * in percent of messages attempted. Plus one point per day of the range, days without mail at 0,
 * as the web analytics series.
 */
import { DEFAULT_SITE_TIME_ZONE, lastSiteDays, type EmailAnalytics } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

const pct = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);

export async function summarizeEmailAnalytics(
  knex: Knex,
  days: number,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
  now: Date = new Date(),
): Promise<EmailAnalytics> {
  const dayList = lastSiteDays(days, timeZone, now);
  const today = dayList.at(-1)!;
  const { rows } = await knex.raw<{
    rows: { day: string; sent: string; failed: string; bounced: string; opened: string; clicked: string }[];
  }>(
    `with d as (
       select d.id, d.status, coalesce(d.sent_at, d.claimed_at) as at
         from mailer.deliveries d
        where d.status in ('sent', 'failed')
          and coalesce(d.sent_at, d.claimed_at) >= (?::date::timestamp at time zone ?)
          and coalesce(d.sent_at, d.claimed_at) < ((?::date + 1)::timestamp at time zone ?)
     ), t as (
       select delivery_id,
              bool_or(kind = 'bounce') as bounced,
              bool_or(kind = 'open' and not is_proxy) as opened,
              bool_or(kind = 'click' and not is_scanner) as clicked
         from mailer.tracking_events where delivery_id in (select id from d) group by delivery_id
     )
     select ((d.at at time zone ?)::date)::text as day,
            count(*) filter (where d.status = 'sent') as sent,
            count(*) filter (where d.status = 'failed') as failed,
            count(*) filter (where d.status = 'sent' and t.bounced) as bounced,
            count(*) filter (where d.status = 'sent' and t.opened) as opened,
            count(*) filter (where d.status = 'sent' and t.clicked) as clicked
       from d left join t on t.delivery_id = d.id
      group by 1 order by 1`,
    [dayList[0]!, timeZone, today, timeZone, timeZone],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  let sent = 0;
  let failed = 0;
  let bounced = 0;
  let opened = 0;
  let clicked = 0;
  const series = dayList.map((day) => {
    const r = byDay.get(day) ?? { sent: '0', failed: '0', bounced: '0', opened: '0', clicked: '0' };
    sent += Number(r.sent);
    failed += Number(r.failed);
    bounced += Number(r.bounced);
    opened += Number(r.opened);
    clicked += Number(r.clicked);
    return {
      date: day,
      sent: Number(r.sent),
      opens: Number(r.opened),
      clicks: Number(r.clicked),
      bounces: Number(r.bounced) + Number(r.failed),
    };
  });
  const delivered = sent - bounced;
  return {
    openRate: pct(opened, delivered),
    clickRate: pct(clicked, delivered),
    bounceRate: pct(bounced + failed, sent + failed),
    totalSent: sent,
    series,
  };
}
