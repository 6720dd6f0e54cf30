/** Rewrites a template's fields and its `updated_at`; undefined when there is none with this id. */
import type { Knex } from '@lp/runtime';
import type { TemplateColumns, TemplateRow } from './template-row.ts';

export async function updateTemplate(
  knex: Knex,
  id: number,
  columns: TemplateColumns,
): Promise<TemplateRow | undefined> {
  const [row] = await knex
    .withSchema('mailer')
    .table('templates')
    .where({ id })
    .update({ ...columns, updated_at: knex.fn.now() })
    .returning('*');
  return row as TemplateRow | undefined;
}
