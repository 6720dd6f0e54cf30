/**
 * What the engine reads before running a pass's steps, outside any transaction (nothing here
 * writes, so a pass that does not commit just reads again), each in one request or one query:
 * crm's word on the contacts (may they be mailed, do they carry CUSTOMER_TAG), the mailer's own
 * records of each entry (opened or clicked the journey's mail, replied since it entered), and
 * inventory's lot statuses when a lot-status branch asks.
 */
import { CUSTOMER_TAG, RPC, type LotStatus } from '@lp/contracts';
import { callRpc, type Knex, type Logger, type ServiceDeps } from '@lp/runtime';

type Deps = Pick<ServiceDeps, 'bus'> & { log: Logger };

const RPC_TIMEOUT_MS = 10_000;

/** Per contact id: whether crm may mail it and whether it is a customer (a deleted contact is absent). */
export async function contactsOf(
  deps: Deps,
  contactIds: number[],
): Promise<Map<number, { mailable: boolean; customer: boolean }>> {
  const ids = [...new Set(contactIds)];
  const known = new Map<number, { mailable: boolean; customer: boolean }>();
  for (let i = 0; i < ids.length; i += 2000) {
    const { contacts } = await callRpc(
      deps.bus,
      RPC.crm.journeyContacts,
      { contactIds: ids.slice(i, i + 2000), tag: CUSTOMER_TAG },
      { log: deps.log, timeoutMs: RPC_TIMEOUT_MS },
    );
    for (const c of contacts) known.set(c.id, { mailable: c.mailable, customer: c.tagged });
  }
  return known;
}

export type Engagement = { opened: boolean; clicked: boolean; replied: boolean };

/**
 * Per entry id: whether its contact opened / clicked any mail this journey sent it in this entry
 * (a proxy's open and a scanner's click do not count; mail of an earlier entry does not), and whether a mail from the entry's address reached
 * the inbox after it entered.
 */
export async function engagementOf(knex: Knex, entryIds: number[]): Promise<Map<number, Engagement>> {
  if (entryIds.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: ({ id: number | string } & Engagement)[] }>(
    `select e.id,
            exists (select 1 from mailer.journey_send_campaigns j
                      join mailer.deliveries d on d.campaign_id = j.campaign_id and d.contact_id = e.contact_id
                       and (d.journey_entry_id = e.id or d.journey_entry_id is null)
                      join mailer.tracking_events t on t.delivery_id = d.id
                     where j.journey_id = e.journey_id and t.kind = 'open' and not t.is_proxy) as opened,
            exists (select 1 from mailer.journey_send_campaigns j
                      join mailer.deliveries d on d.campaign_id = j.campaign_id and d.contact_id = e.contact_id
                       and (d.journey_entry_id = e.id or d.journey_entry_id is null)
                      join mailer.tracking_events t on t.delivery_id = d.id
                     where j.journey_id = e.journey_id and t.kind = 'click' and not t.is_scanner) as clicked,
            exists (select 1 from mailer.inbound_messages m
                     where lower(m.from_email) = lower(e.email) and m.received_at > e.entered_at) as replied
       from mailer.journey_entries e where e.id = any(?::bigint[])`,
    [entryIds],
  );
  return new Map(rows.map((r) => [Number(r.id), { opened: r.opened, clicked: r.clicked, replied: r.replied }]));
}

/** Every lot's status by number, asked once; null when inventory does not answer (the branches wait). */
export async function lotStatusesOf(deps: Deps): Promise<Map<number, LotStatus> | null> {
  try {
    const lots = await callRpc(deps.bus, RPC.inventory.staffLotsList, {}, { log: deps.log, timeoutMs: RPC_TIMEOUT_MS });
    return new Map(lots.map((l) => [l.number, l.status]));
  } catch (err) {
    deps.log.warn({ err }, 'journey: inventory did not answer; lot-status branches wait');
    return null;
  }
}
