/**
 * Adds contacts to a list (`POST /api/marketing/contacts-to-list`): a contact already on the list
 * stays once and counts as a success; ids of contacts that do not exist are counted as missing.
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactsToList } from '@lp/contracts';

export async function addListMembers(knex: Knex, input: ContactsToList) {
  return knex.transaction(async (trx) => {
    const list = await trx.withSchema('crm').table('lists').select('id').where({ id: input.listId }).first();
    if (!list) throw notFound('List not found');
    const ids = [...new Set(input.contactIds)];
    const existing = (await trx.withSchema('crm').table('contacts').select('id').whereIn('id', ids)) as {
      id: number;
    }[];
    const added =
      existing.length === 0
        ? []
        : await trx
            .withSchema('crm')
            .table('list_members')
            .insert(existing.map((c) => ({ list_id: input.listId, contact_id: c.id })))
            .onConflict(['list_id', 'contact_id'])
            .ignore()
            .returning('contact_id');
    if (added.length > 0)
      await trx.withSchema('crm').table('lists').where({ id: input.listId }).update({ updated_at: trx.fn.now() });
    return { results: { success: existing.length, added: added.length, missing: ids.length - existing.length } };
  });
}
