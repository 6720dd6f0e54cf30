/**
 * Renames or re-describes a list, only when it is still at the version the edit opened: else
 * 409 ("This list was changed since you opened it") and nothing changes. 404 when missing; 409 on
 * the name field when another list has the name in any letter case.
 */
import { conflict, notFound, type Knex } from '@lp/runtime';
import { STALE_EDIT_MESSAGES, type ContactList, type ListUpdate } from '@lp/contracts';
import { duplicateListName, getList, isDuplicateListName } from './list-row.ts';

export async function updateList(knex: Knex, id: number, list: ListUpdate): Promise<ContactList> {
  let changed: unknown[];
  try {
    // The version moves on in the database (trigger `lists_bump_version`) when a field changes.
    changed = await knex
      .withSchema('crm')
      .table('lists')
      .where({ id, version: list.version })
      .update({ name: list.name, description: list.description, updated_at: knex.fn.now() })
      .returning('id');
  } catch (err) {
    if (isDuplicateListName(err)) throw await duplicateListName(knex, list.name);
    throw err;
  }
  const stored = await getList(knex, id);
  if (!stored) throw notFound('List not found');
  if (changed.length === 0) throw conflict(STALE_EDIT_MESSAGES.list);
  return stored;
}
