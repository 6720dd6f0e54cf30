/**
 * When staff first wrote to each lead's address after it came: the earliest message sent (the
 * relay took it) from a send addressed by hand to typed addresses (`audience.emails`: the Send
 * Email screen, staff answering a person). Lists, segments, follow-ups, journeys and the lead
 * replies are not a staff response. One query for a whole page of leads.
 */
import type { FirstRepliesInput } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function findFirstReplies(knex: Knex, input: FirstRepliesInput): Promise<(string | null)[]> {
  if (input.leads.length === 0) return [];
  const json = JSON.stringify(input.leads.map((l, i) => ({ i, email: l.email.toLowerCase(), after: l.after })));
  const { rows } = await knex.raw<{ rows: { i: number; first: Date | null }[] }>(
    `select l.i, (
       select min(d.sent_at) from mailer.deliveries d
       join mailer.campaigns c on c.id = d.campaign_id
       where lower(d.email) = l.email and d.status = 'sent' and d.sent_at > l.after
         and c.audience -> 'emails' is not null
     ) as first
     from json_to_recordset(?::json) as l(i int, email text, after timestamptz)`,
    [json],
  );
  const byIndex = new Map(rows.map((r) => [r.i, r.first]));
  return input.leads.map((_l, i) => {
    const first = byIndex.get(i);
    return first ? new Date(first).toISOString() : null;
  });
}
