/** Deletes a list and its memberships; the contacts stay (404 when missing). */
import { notFound, type Knex } from '@lp/runtime';

export async function deleteList(knex: Knex, id: number): Promise<{ deleted: boolean }> {
  const gone = await knex.withSchema('crm').table('lists').where({ id }).delete().returning('id');
  if (gone.length === 0) throw notFound('List not found');
  return { deleted: true };
}
