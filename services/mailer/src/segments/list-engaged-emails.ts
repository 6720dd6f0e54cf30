/**
 * The addresses that opened or clicked (any campaign or one; in the last N days or ever), for
 * crm's segments: lower-cased, each once, a page at a time in address order after `after`.
 * Only a person's: machine opens (`is_proxy`) and scanner clicks (`is_scanner`) do not count,
 * as in the campaign report and the follow-ups.
 */
import type { EngagedEmailsInput } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function listEngagedEmails(knex: Knex, input: EngagedEmailsInput): Promise<{ emails: string[] }> {
  const person = input.kind === 'open' ? 'not t.is_proxy' : 'not t.is_scanner';
  const bindings: Knex.RawBinding[] = [input.kind];
  let where = `t.kind = ? and ${person}`;
  if (input.campaignId) {
    where += ' and t.campaign_id = ?';
    bindings.push(input.campaignId);
  }
  if (input.days) {
    where += " and t.at >= now() - ? * interval '1 day'";
    bindings.push(input.days);
  }
  const { rows } = await knex.raw<{ rows: { email: string }[] }>(
    `select distinct lower(d.email) as email
       from mailer.tracking_events t join mailer.deliveries d on d.id = t.delivery_id
      where ${where} and lower(d.email) > ?
      order by 1 limit ?`,
    [...bindings, input.after, input.limit],
  );
  return { emails: rows.map((r) => r.email) };
}
