/** Records a call with a contact, now (404 when the contact is gone). */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactCall } from '@lp/contracts';

export async function logContactCall(
  knex: Knex,
  input: { contactId: number; note: string; loggedBy: string },
): Promise<ContactCall> {
  const { rows } = await knex.raw<{
    rows: { id: number; contact_id: number; called_at: Date; note: string; logged_by: string }[];
  }>(
    `insert into crm.contact_calls (contact_id, note, logged_by)
     select c.id, ?, ? from crm.contacts c where c.id = ?
     returning id, contact_id, called_at, note, logged_by`,
    [input.note, input.loggedBy, input.contactId],
  );
  const r = rows[0];
  if (!r) throw notFound('Contact not found');
  return {
    id: r.id,
    contactId: r.contact_id,
    at: new Date(r.called_at).toISOString(),
    note: r.note,
    loggedBy: r.logged_by,
  };
}
