/** Every contact list with its number of contacts, newest first. */
import type { Knex } from '@lp/runtime';
import type { ContactList } from '@lp/contracts';
import { selectLists, toContactList } from './list-row.ts';

export async function listLists(knex: Knex): Promise<ContactList[]> {
  const rows = await selectLists(knex).orderBy('l.id', 'desc');
  return rows.map(toContactList);
}
