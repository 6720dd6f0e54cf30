/**
 * The mail sent to one address (any letter case) for its contact's history: the newest `limit`
 * messages with their delivery status (bounced or complained when the provider said so), and
 * the newest opens and clicks of those messages (at most twice `limit`), each with its campaign
 * and the subject as the recipient saw it, cut where either part holds older entries back
 * (`shownSince`, see `mergeHistoryWindows`). Index reads only: deliveries by recipient, events
 * by delivery.
 */
import {
  fillMergeTags,
  mergeHistoryWindows,
  newestEntries,
  type RecipientMail,
  type RecipientMailItem,
  type RecipientMailStatus,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Row = {
  kind: 'sent' | 'open' | 'click';
  campaign_id: number;
  name: string;
  subject: string;
  email: string;
  first_name: string;
  last_name: string;
  at: Date;
  status: string | null;
  url: string | null;
  is_proxy: boolean;
  is_scanner: boolean;
};

export async function listRecipientMail(knex: Knex, email: string, limit: number): Promise<RecipientMail> {
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `with d as (
       select id, campaign_id, status, email, first_name, last_name, coalesce(sent_at,
         -- An A/B test's rest waits for its winner with no due time ('infinity'): shown as of now.
         case when next_attempt_at = 'infinity' then now() else next_attempt_at end) as at
       from mailer.deliveries where lower(email) = lower(?) order by id desc limit ?
     ), e as (
       select t.delivery_id, t.kind, t.link_idx, t.is_proxy, t.is_scanner, t.at
       from mailer.tracking_events t
       where t.delivery_id in (select id from d) and t.kind in ('open', 'click', 'bounce', 'complaint')
     )
     select 'sent' as kind, d.campaign_id, c.name, c.subject, d.email, d.first_name, d.last_name, d.at,
       case
         when exists (select 1 from e where e.delivery_id = d.id and e.kind = 'complaint') then 'complained'
         when exists (select 1 from e where e.delivery_id = d.id and e.kind = 'bounce') then 'bounced'
         else d.status
       end as status,
       null as url, false as is_proxy, false as is_scanner
     from d join mailer.campaigns c on c.id = d.campaign_id
     union all
     select * from (
       select e.kind, d.campaign_id, c.name, c.subject, d.email, d.first_name, d.last_name, e.at,
         null as status, l.url, e.is_proxy, e.is_scanner
       from e join d on d.id = e.delivery_id join mailer.campaigns c on c.id = d.campaign_id
       left join mailer.campaign_links l on l.campaign_id = d.campaign_id and l.idx = e.link_idx
       where e.kind in ('open', 'click')
       order by e.at desc limit ?
     ) events`,
    // One more of each than is shown tells whether older ones are held back.
    [email, limit + 1, limit * 2 + 1],
  );
  const items = rows.map((r): RecipientMailItem => {
    const mail = {
      at: r.at.toISOString(),
      campaignId: r.campaign_id,
      campaignName: r.name,
      subject: fillMergeTags(
        r.subject,
        { firstName: r.first_name, lastName: r.last_name, email: r.email, unsubscribeUrl: '' },
        { html: false },
      ),
    };
    if (r.kind === 'open') return { type: 'email_opened', ...mail, proxy: r.is_proxy };
    if (r.kind === 'click') return { type: 'email_clicked', ...mail, url: r.url ?? '', scanner: r.is_scanner };
    return { type: 'email_sent', ...mail, status: r.status as RecipientMailStatus };
  });
  const sent = items.filter((i) => i.type === 'email_sent');
  const events = items.filter((i) => i.type !== 'email_sent');
  return mergeHistoryWindows<RecipientMailItem>([newestEntries(sent, limit), newestEntries(events, limit * 2)]);
}
