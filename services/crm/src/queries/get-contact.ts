/** One contact by id (404 when there is none). */
import { notFound, type Knex } from '@lp/runtime';
import type { Contact } from '@lp/contracts';
import { CONTACT_COLUMNS, toContact, type ContactRow } from './contact-row.ts';

export async function getContact(knex: Knex, id: number): Promise<Contact> {
  const row = (await knex.withSchema('crm').table('contacts').select(CONTACT_COLUMNS).where({ id }).first()) as
    ContactRow | undefined;
  if (!row) throw notFound('Contact not found');
  return toContact(row);
}
