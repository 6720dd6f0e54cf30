/**
 * A list's mailable members (never unsubscribed or bounced) who joined in a window, oldest
 * first, keyset on (joined at, contact id): what the mailer's list-joined journeys read, a page
 * at a time, whichever way they joined (added, imported, converted, a duplicated list).
 */
import type { Knex } from '@lp/runtime';

type Input = { listId: number; since: string; afterContactId: number; until: string; limit: number };

export async function listJoinedMembers(knex: Knex, input: Input) {
  const rows = (await knex
    .withSchema('crm')
    .table('list_members as m')
    .join('contacts as c', 'c.id', 'm.contact_id')
    .where('m.list_id', input.listId)
    .whereNotIn('c.status', ['unsubscribed', 'bounced'])
    .whereRaw('(m.added_at, m.contact_id) > (?::timestamptz, ?)', [input.since, input.afterContactId])
    .where('m.added_at', '<=', input.until)
    .orderBy([{ column: 'm.added_at' }, { column: 'm.contact_id' }])
    .limit(input.limit)
    .select(
      'c.id',
      'c.email',
      'c.first_name',
      'c.last_name',
      // Microseconds kept: the next page's keyset starts exactly after this row.
      knex.raw(`to_char(m.added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as added_at`),
    )) as {
    id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
    added_at: string;
  }[];
  return {
    members: rows.map((r) => ({
      contactId: r.id,
      email: r.email,
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      joinedAt: r.added_at,
    })),
  };
}
