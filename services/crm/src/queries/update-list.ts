/** Renames or re-describes a list (404 when missing). */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactList, ListForm } from '@lp/contracts';
import { getList } from './list-row.ts';

export async function updateList(knex: Knex, id: number, list: ListForm): Promise<ContactList> {
  const changed = await knex
    .withSchema('crm')
    .table('lists')
    .where({ id })
    .update({ name: list.name, description: list.description, updated_at: knex.fn.now() })
    .returning('id');
  if (changed.length === 0) throw notFound('List not found');
  return (await getList(knex, id))!;
}
