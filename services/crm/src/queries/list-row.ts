/** A contact list as staff read it (spec §3: snake_case fields, with `contact_count`). */
import { AppError, type Knex } from '@lp/runtime';
import type { ContactList } from '@lp/contracts';
import { crmTable, type ListRow } from './rows.ts';

/** A list with the number of its members. */
type ListWithCountRow = ListRow & { contact_count: number };

/** Lists with their member counts; narrow it with `.where('l.id', id)`. */
export const selectLists = (knex: Knex) =>
  crmTable(knex, 'lists', 'l').select<ListWithCountRow[]>(
    'l.id',
    'l.name',
    'l.description',
    'l.created_at',
    'l.updated_at',
    'l.version',
    knex.raw('(select count(*) from crm.list_members m where m.list_id = l.id) as contact_count'),
  );

export function toContactList(r: ListWithCountRow): ContactList {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    contact_count: r.contact_count,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    version: r.version,
  };
}

export async function getList(knex: Knex, id: number): Promise<ContactList | undefined> {
  const row = await selectLists(knex).where('l.id', id).first();
  return row ? toContactList(row) : undefined;
}

/** Whether a database error is the unique index on `lower(name)` refusing a second list of a name. */
export const isDuplicateListName = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  // PostgreSQL names the index; PGlite may not: lists have no other unique index a write can hit.
  [undefined, 'lists_name_lower_idx'].includes((err as { constraint?: string }).constraint);

/** 409 for a name another list has in any letter case (named as that list spells it), for the form's name field. */
export async function duplicateListName(knex: Knex, name: string): Promise<AppError> {
  const other = await crmTable(knex, 'lists').select('name').whereRaw('lower(name) = lower(?)', [name]).first();
  const message = `A list named ${other?.name ?? name} already exists`;
  return new AppError(409, 'conflict', message, { fields: { name: [message] } });
}

export type { ListWithCountRow };
