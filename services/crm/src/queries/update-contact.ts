/**
 * Replaces a contact's fields (its tags and custom values when given: each value checked against
 * its field's type, a 400 naming the field), only when it is still at the version the edit opened: else 409
 * ("This contact was changed since you opened it") and nothing changes. 404 when missing; 409 on
 * the e-mail field when the new address belongs to another contact.
 */
import { conflict, notFound, type Knex } from '@lp/runtime';
import { STALE_EDIT_MESSAGES, type Contact, type ContactUpdate } from '@lp/contracts';
import { CONTACT_COLUMNS, isDuplicateEmail, toContact } from './contact-row.ts';
import { typedCustomValues } from './custom-field-row.ts';
import { pgTextArray } from './upsert-import-chunk.ts';
import { crmTable } from './rows.ts';
import { duplicateEmail } from './create-contact.ts';

export async function updateContact(knex: Knex, id: number, c: ContactUpdate): Promise<Contact> {
  try {
    const row = await knex.transaction(async (trx) => {
      // A copy opened before another change (a custom field deleted with its values, say) is
      // told so before its values are checked against fields that may be gone.
      const current = await crmTable(trx, 'contacts').select('version').where({ id }).forUpdate().first();
      if (!current) throw notFound('Contact not found');
      if (current.version !== c.version) throw conflict(STALE_EDIT_MESSAGES.contact);
      const customFields = c.customFields === undefined ? undefined : await typedCustomValues(trx, c.customFields);
      // The version moves on in the database (trigger `contacts_bump_version`) when a field changes.
      const [updated] = await crmTable(trx, 'contacts')
        .where({ id, version: c.version })
        .update({
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          phone: c.phone,
          status: c.status,
          metadata: c.metadata,
          ...(c.tags === undefined ? {} : { tags: trx.raw('?::text[]', [pgTextArray(c.tags)]) }),
          ...(customFields === undefined ? {} : { custom_fields: customFields }),
          updated_at: trx.fn.now(),
        })
        .returning(CONTACT_COLUMNS);
      return updated;
    });
    if (row) return toContact(row);
  } catch (err) {
    if (isDuplicateEmail(err)) throw duplicateEmail(c.email);
    throw err;
  }
  const exists = await knex.withSchema('crm').table('contacts').select('id').where({ id }).first();
  if (!exists) throw notFound('Contact not found');
  throw conflict(STALE_EDIT_MESSAGES.contact);
}
