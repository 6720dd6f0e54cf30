/** Replaces a contact's fields (404 when missing; 409 when the new e-mail belongs to another contact). */
import { notFound, type Knex } from '@lp/runtime';
import type { Contact, ContactUpdate } from '@lp/contracts';
import { CONTACT_COLUMNS, isDuplicateEmail, toContact, type ContactRow } from './contact-row.ts';
import { duplicateEmail } from './create-contact.ts';

export async function updateContact(knex: Knex, id: number, c: ContactUpdate): Promise<Contact> {
  try {
    const [row] = (await knex
      .withSchema('crm')
      .table('contacts')
      .where({ id })
      .update({
        email: c.email,
        first_name: c.firstName,
        last_name: c.lastName,
        phone: c.phone,
        status: c.status,
        metadata: JSON.stringify(c.metadata),
        updated_at: knex.fn.now(),
      })
      .returning(CONTACT_COLUMNS)) as ContactRow[];
    if (!row) throw notFound('Contact not found');
    return toContact(row);
  } catch (err) {
    if (isDuplicateEmail(err)) throw duplicateEmail(c.email);
    throw err;
  }
}
