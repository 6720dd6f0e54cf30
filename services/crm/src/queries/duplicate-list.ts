/**
 * Copies a list under a new name, with its contacts when asked, in one transaction (404 when
 * missing; 409 when another list has the name in any letter case).
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactList, ListDuplicate } from '@lp/contracts';
import { duplicateListName, getList, isDuplicateListName } from './list-row.ts';

export async function duplicateList(knex: Knex, id: number, copy: ListDuplicate): Promise<ContactList> {
  const newId = await copyList(knex, id, copy).catch(async (err: unknown) => {
    throw isDuplicateListName(err) ? await duplicateListName(knex, copy.name) : err;
  });
  return (await getList(knex, newId))!;
}

function copyList(knex: Knex, id: number, copy: ListDuplicate): Promise<number> {
  return knex.transaction(async (trx) => {
    const source = await trx.withSchema('crm').table('lists').select('id').where({ id }).forUpdate().first();
    if (!source) throw notFound('List not found');
    const [row] = (await trx
      .withSchema('crm')
      .table('lists')
      .insert({ name: copy.name, description: copy.description })
      .returning('id')) as { id: number }[];
    if (copy.copyContacts)
      await trx.raw(
        'insert into crm.list_members (list_id, contact_id) select ?, contact_id from crm.list_members where list_id = ?',
        [row!.id, id],
      );
    return row!.id;
  });
}
