/**
 * Of some contacts (a journey engine's pass), which may still be mailed (not unsubscribed, not
 * bounced) and which carry a tag (the customer exit), in one statement. A deleted contact is
 * absent from the answer.
 */
import type { JourneyContacts } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function readJourneyContacts(
  knex: Knex,
  input: { contactIds: number[]; tag: string },
): Promise<JourneyContacts> {
  const { rows } = await knex.raw<{ rows: { id: number; mailable: boolean; tagged: boolean }[] }>(
    `select id, status not in ('unsubscribed', 'bounced') as mailable, ? = any(tags) as tagged
       from crm.contacts where id = any(?::int[])`,
    [input.tag, [...new Set(input.contactIds)]],
  );
  return { contacts: rows.map((r) => ({ id: r.id, mailable: r.mailable, tagged: r.tagged })) };
}
