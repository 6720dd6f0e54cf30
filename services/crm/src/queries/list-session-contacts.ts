/**
 * The contacts behind analytics session ids: a form submission carrying the session id names the
 * address, and the contact with that address (any letter case) is the visitor's. Mailable
 * contacts only (never unsubscribed or bounced); a session whose submissions name several
 * contacts answers each of them. What the mailer's lot-viewed journeys use to turn a visitor
 * into a contact.
 */
import type { Knex } from '@lp/runtime';

export async function listSessionContacts(knex: Knex, sessionIds: string[]) {
  if (sessionIds.length === 0) return { contacts: [] };
  const rows = (await knex
    .withSchema('crm')
    .table('form_submissions as s')
    .joinRaw('join crm.contacts as c on lower(c.email) = lower(s.email)')
    .whereIn('s.session_id', [...new Set(sessionIds)])
    .whereNotIn('c.status', ['unsubscribed', 'bounced'])
    .distinct('s.session_id', 'c.id', 'c.email', 'c.first_name', 'c.last_name')
    .orderBy([{ column: 's.session_id' }, { column: 'c.id' }])) as {
    session_id: string;
    id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }[];
  return {
    contacts: rows.map((r) => ({
      sessionId: r.session_id,
      contact: { id: r.id, email: r.email, firstName: r.first_name ?? '', lastName: r.last_name ?? '' },
    })),
  };
}
