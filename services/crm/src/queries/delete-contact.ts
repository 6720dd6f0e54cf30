/** Deletes a contact and its list memberships (404 when missing). Its form submissions stay. */
import { notFound, type Knex } from '@lp/runtime';

export async function deleteContact(knex: Knex, id: number): Promise<{ deleted: boolean }> {
  // PGlite's driver gives no row count: ask for the deleted ids.
  const gone = await knex.withSchema('crm').table('contacts').where({ id }).delete().returning('id');
  if (gone.length === 0) throw notFound('Contact not found');
  return { deleted: true };
}
