/**
 * The mailable contacts (never unsubscribed or bounced) who sent a form naming a lot at or before
 * a moment, each once, by contact id after a cursor: whom the mailer's lot-changed journeys let
 * in, a page at a time. A submission belongs to the contact with its address (any letter case).
 */
import type { Knex } from '@lp/runtime';

type Input = { lotNumber: number; until: string; afterContactId: number; limit: number };

export async function listLotLeadContacts(knex: Knex, input: Input) {
  const rows = (await knex
    .withSchema('crm')
    .table('contacts as c')
    .whereNotIn('c.status', ['unsubscribed', 'bounced'])
    .where('c.id', '>', input.afterContactId)
    .whereExists(
      knex
        .withSchema('crm')
        .table('form_submissions as s')
        .select(knex.raw('1'))
        .where('s.lot_number', input.lotNumber)
        .where('s.created_at', '<=', input.until)
        .whereRaw('lower(s.email) = lower(c.email)'),
    )
    .orderBy('c.id')
    .limit(input.limit)
    .select('c.id', 'c.email', 'c.first_name', 'c.last_name')) as {
    id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }[];
  return {
    contacts: rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
    })),
  };
}
