/**
 * The contacts that opened or clicked (any campaign or one; in the last N days or ever), for
 * crm's segments: contact ids, each once, a page at a time in id order after `after`. Only a
 * person's: machine opens (`is_proxy`) and scanner clicks (`is_scanner`) do not count, as in the
 * campaign report and the follow-ups. "Any campaign" reads one row per contact
 * (`contact_engagement`, their last open and click), so a page is a short walk of its key whatever
 * the number of deliveries; one campaign reads that campaign's events.
 */
import type { EngagedContactsInput } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

const WITHIN_DAYS = "now() - ? * interval '1 day'";

export async function listEngagedContacts(knex: Knex, input: EngagedContactsInput): Promise<{ contactIds: number[] }> {
  const { kind, campaignId, days, after, limit } = input;
  let query: string;
  let bindings: Knex.RawBinding[];
  if (campaignId) {
    const person = kind === 'open' ? 'not t.is_proxy' : 'not t.is_scanner';
    query = `select distinct d.contact_id
               from mailer.tracking_events t join mailer.deliveries d on d.id = t.delivery_id
              where t.campaign_id = ? and t.kind = ? and ${person} ${days ? `and t.at >= ${WITHIN_DAYS}` : ''}
                and d.contact_id > ?
              order by 1 limit ?`;
    bindings = [campaignId, kind, ...(days ? [days] : []), after, limit];
  } else {
    const last = kind === 'open' ? 'last_opened_at' : 'last_clicked_at';
    query = `select contact_id from mailer.contact_engagement
              where ${last} ${days ? `>= ${WITHIN_DAYS}` : 'is not null'} and contact_id > ?
              order by contact_id limit ?`;
    bindings = [...(days ? [days] : []), after, limit];
  }
  const { rows } = await knex.raw<{ rows: { contact_id: number }[] }>(query, bindings);
  return { contactIds: rows.map((r) => r.contact_id) };
}
