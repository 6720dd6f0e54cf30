/**
 * What a staff alert about a contact says of it: its details, and its latest form submission
 * (matched by e-mail in any case, as the contact's history is) with the visit's session (analytics
 * reads the visit history by it), the form, the page and the visitor's location. Nulls when the
 * contact is gone or never sent a form.
 */
import type { ContactLeadFacts } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { crmTable } from './rows.ts';

export async function getContactLeadFacts(knex: Knex, contactId: number): Promise<ContactLeadFacts> {
  const contact = (await crmTable(knex, 'contacts')
    .where({ id: contactId })
    .first('id', 'email', 'first_name', 'last_name', 'phone')) as
    | { id: number; email: string; first_name: string | null; last_name: string | null; phone: string | null }
    | undefined;
  if (!contact) return { contact: null, lastSubmission: null };
  const s = (await crmTable(knex, 'form_submissions')
    .whereRaw('lower(email) = lower(?)', [contact.email])
    .orderBy('created_at', 'desc')
    .first('created_at', 'session_id', 'source', 'page', 'lot_number', 'country', 'region', 'city')) as
    | {
        created_at: Date;
        session_id: string | null;
        source: string;
        page: string | null;
        lot_number: number | null;
        country: string | null;
        region: string | null;
        city: string | null;
      }
    | undefined;
  return {
    contact: {
      id: contact.id,
      email: contact.email,
      firstName: contact.first_name,
      lastName: contact.last_name,
      phone: contact.phone,
    },
    lastSubmission: s
      ? {
          submittedAt: new Date(s.created_at).toISOString(),
          sessionId: s.session_id,
          source: s.source,
          page: s.page,
          lotNumber: s.lot_number,
          country: s.country,
          region: s.region,
          city: s.city,
        }
      : null,
  };
}
