/**
 * Replaces a contact's fields, only when it is still at the version the edit opened: else 409
 * ("This contact was changed since you opened it") and nothing changes. 404 when missing; 409 on
 * the e-mail field when the new address belongs to another contact.
 */
import { conflict, notFound, type Knex } from '@lp/runtime';
import { STALE_EDIT_MESSAGES, type Contact, type ContactUpdate } from '@lp/contracts';
import { CONTACT_COLUMNS, isDuplicateEmail, toContact } from './contact-row.ts';
import { crmTable } from './rows.ts';
import { duplicateEmail } from './create-contact.ts';

export async function updateContact(knex: Knex, id: number, c: ContactUpdate): Promise<Contact> {
  try {
    // The version moves on in the database (trigger `contacts_bump_version`) when a field changes.
    const [row] = await crmTable(knex, 'contacts')
      .where({ id, version: c.version })
      .update({
        email: c.email,
        first_name: c.firstName,
        last_name: c.lastName,
        phone: c.phone,
        status: c.status,
        metadata: c.metadata,
        updated_at: knex.fn.now(),
      })
      .returning(CONTACT_COLUMNS);
    if (row) return toContact(row);
  } catch (err) {
    if (isDuplicateEmail(err)) throw duplicateEmail(c.email);
    throw err;
  }
  const exists = await knex.withSchema('crm').table('contacts').select('id').where({ id }).first();
  if (!exists) throw notFound('Contact not found');
  throw conflict(STALE_EDIT_MESSAGES.contact);
}
