/** Deletes a template; 404 when there is none with this id. */
import { notFound, type Knex } from '@lp/runtime';
import { deleteTemplate } from '../queries/delete-template.ts';

export async function removeTemplate(knex: Knex, id: number): Promise<{ deleted: true }> {
  if (!(await deleteTemplate(knex, id))) throw notFound('Template not found');
  return { deleted: true };
}
