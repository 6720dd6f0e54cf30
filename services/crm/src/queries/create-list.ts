/** Creates an empty contact list. */
import type { Knex } from '@lp/runtime';
import type { ContactList, ListForm } from '@lp/contracts';
import { getList } from './list-row.ts';

export async function createList(knex: Knex, list: ListForm): Promise<ContactList> {
  const [row] = (await knex
    .withSchema('crm')
    .table('lists')
    .insert({ name: list.name, description: list.description })
    .returning('id')) as { id: number }[];
  return (await getList(knex, row!.id))!;
}
