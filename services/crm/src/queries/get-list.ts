/** One list as stored now, with its member count and version (404 when there is none). */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactList } from '@lp/contracts';
import { getList } from './list-row.ts';

export async function getStoredList(knex: Knex, id: number): Promise<ContactList> {
  const list = await getList(knex, id);
  if (!list) throw notFound('List not found');
  return list;
}
