/**
 * Adds one contact with its tags and custom values (each checked against its field's type: a 400
 * naming the field); an e-mail already present in any letter case is a 409.
 */
import { AppError, type Knex } from '@lp/runtime';
import type { Contact, ContactCreate } from '@lp/contracts';
import { CONTACT_COLUMNS, isDuplicateEmail, toContact } from './contact-row.ts';
import { typedCustomValues } from './custom-field-row.ts';
import { pgTextArray } from './upsert-import-chunk.ts';
import { crmTable } from './rows.ts';

/** 409 for an address another contact has in any letter case, shown on the form's e-mail field. */
export const duplicateEmail = (email: string) => {
  const message = `A contact with the email ${email} already exists`;
  return new AppError(409, 'conflict', message, { fields: { email: [message] } });
};

export async function createContact(knex: Knex, c: ContactCreate): Promise<Contact> {
  try {
    const row = await knex.transaction(async (trx) => {
      const customFields = await typedCustomValues(trx, c.customFields);
      const [inserted] = await crmTable(trx, 'contacts')
        .insert({
          email: c.email,
          first_name: c.firstName,
          last_name: c.lastName,
          phone: c.phone,
          status: c.status,
          source: c.source,
          metadata: c.metadata,
          tags: trx.raw('?::text[]', [pgTextArray(c.tags)]),
          custom_fields: customFields,
        })
        .returning(CONTACT_COLUMNS);
      return inserted!;
    });
    return toContact(row);
  } catch (err) {
    if (isDuplicateEmail(err)) throw duplicateEmail(c.email);
    throw err;
  }
}
