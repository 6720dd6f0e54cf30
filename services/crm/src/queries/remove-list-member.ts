/** Takes a contact off a list (404 when it is not on it). */
import { notFound, type Knex } from '@lp/runtime';

export async function removeListMember(knex: Knex, listId: number, contactId: number): Promise<{ deleted: boolean }> {
  const gone = await knex
    .withSchema('crm')
    .table('list_members')
    .where({ list_id: listId, contact_id: contactId })
    .delete()
    .returning('contact_id');
  if (gone.length === 0) throw notFound('That contact is not on this list');
  return { deleted: true };
}
