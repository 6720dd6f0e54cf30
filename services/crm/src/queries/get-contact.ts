/** One contact by id (404 when there is none). */
import { notFound, type Knex } from '@lp/runtime';
import type { Contact } from '@lp/contracts';
import { CONTACT_COLUMNS, toContact } from './contact-row.ts';
import { crmTable } from './rows.ts';

export async function getContact(knex: Knex, id: number): Promise<Contact> {
  const row = await crmTable(knex, 'contacts')
    .select(...CONTACT_COLUMNS)
    .where({ id })
    .first();
  if (!row) throw notFound('Contact not found');
  return toContact(row);
}
