/** A contact list as staff read it (spec §3: snake_case fields, with `contact_count`). */
import type { Knex } from '@lp/runtime';
import type { ContactList } from '@lp/contracts';

type ListRow = {
  id: number;
  name: string;
  description: string | null;
  contact_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
};

/** Lists with their member counts; narrow it with `.where('l.id', id)`. */
export const selectLists = (knex: Knex) =>
  knex
    .withSchema('crm')
    .table('lists as l')
    .select(
      'l.id',
      'l.name',
      'l.description',
      'l.created_at',
      'l.updated_at',
      knex.raw('(select count(*) from crm.list_members m where m.list_id = l.id) as contact_count'),
    );

export function toContactList(r: ListRow): ContactList {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    contact_count: Number(r.contact_count),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function getList(knex: Knex, id: number): Promise<ContactList | undefined> {
  const row = (await selectLists(knex).where('l.id', id).first()) as ListRow | undefined;
  return row ? toContactList(row) : undefined;
}

export type { ListRow };
