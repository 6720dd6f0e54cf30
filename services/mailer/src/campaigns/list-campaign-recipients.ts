/**
 * A page of a campaign's recipients, in delivery order (keyset on the delivery id): each with its
 * delivery status and when a person first opened it and first followed a link (machine opens and
 * scanner clicks left out), and when a bounce and an unsubscribe (or complaint) came back; kept
 * when the filter keeps it and its address or name contains the search (any letter case). With
 * the count of all the filter and search keep.
 */
import type {
  CampaignRecipientFilter,
  CampaignRecipientsInput,
  CampaignRecipientsPage,
  DeliveryStatus,
} from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';

const KEEPS: Record<CampaignRecipientFilter, string> = {
  all: 'true',
  opened: 'opened_at is not null',
  not_opened: "opened_at is null and status = 'sent' and bounced_at is null",
  clicked: 'clicked_at is not null',
  bounced: "bounced_at is not null or status = 'failed'",
  unsubscribed: 'unsubscribed_at is not null',
};

type Row = {
  id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  status: DeliveryStatus;
  sent_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
  bounced_at: Date | null;
  unsubscribed_at: Date | null;
  total: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCampaignRecipients(
  knex: Knex,
  input: Required<CampaignRecipientsInput>,
): Promise<CampaignRecipientsPage> {
  const campaign = await knex.withSchema('mailer').table('campaigns').where({ id: input.id }).first('id');
  if (!campaign) throw notFound('Campaign not found');
  const search = input.search === '' ? null : `%${escapeLike(input.search.toLowerCase())}%`;
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `with r as (
       select d.id, d.email, d.first_name, d.last_name, d.status, d.sent_at,
              min(t.at) filter (where t.kind = 'open' and not t.is_proxy) as opened_at,
              min(t.at) filter (where t.kind = 'click' and not t.is_scanner) as clicked_at,
              min(t.at) filter (where t.kind = 'bounce') as bounced_at,
              min(t.at) filter (where t.kind in ('unsubscribe', 'complaint')) as unsubscribed_at
         from mailer.deliveries d
         left join mailer.tracking_events t on t.delivery_id = d.id
        where d.campaign_id = ?
          and (?::text is null or lower(d.email) like ? escape '\\'
               or lower(d.first_name || ' ' || d.last_name) like ? escape '\\')
        group by d.id
     ), kept as (select * from r where ${KEEPS[input.filter]})
     -- One row at least, to carry the total when the page is empty.
     select (select count(*) from kept) as total, p.*
       from (select 1) as one
       left join lateral (select * from kept where id > ? order by id limit ?) as p on true`,
    [input.id, search, search, search, input.after ?? 0, input.limit + 1],
  );
  const found = rows.filter((r) => r.id !== null);
  const more = found.length > input.limit;
  const page = more ? found.slice(0, input.limit) : found;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    items: page.map((r) => ({
      deliveryId: Number(r.id),
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      status: r.status,
      sentAt: iso(r.sent_at),
      openedAt: iso(r.opened_at),
      clickedAt: iso(r.clicked_at),
      bouncedAt: iso(r.bounced_at),
      unsubscribedAt: iso(r.unsubscribed_at),
    })),
    next: more ? Number(page.at(-1)!.id) : null,
    total: Number(rows[0]?.total ?? 0),
  };
}
