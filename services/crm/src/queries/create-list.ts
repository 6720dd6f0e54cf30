/** Creates an empty contact list; 409 when another list has the name in any letter case. */
import type { Knex } from '@lp/runtime';
import type { ContactList, ListForm } from '@lp/contracts';
import { duplicateListName, getList, isDuplicateListName } from './list-row.ts';

export async function createList(knex: Knex, list: ListForm): Promise<ContactList> {
  try {
    const [row] = (await knex
      .withSchema('crm')
      .table('lists')
      .insert({ name: list.name, description: list.description })
      .returning('id')) as { id: number }[];
    return (await getList(knex, row!.id))!;
  } catch (err) {
    if (isDuplicateListName(err)) throw await duplicateListName(knex, list.name);
    throw err;
  }
}
