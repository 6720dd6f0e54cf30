/**
 * Rewrites a template's fields, increments its version and stamps `updated_at`, only while it
 * still has the version the edit was based on; undefined when there is no such row (none with
 * this id, or a newer version).
 */
import type { Knex } from '@lp/runtime';
import { mailerTable, type TemplateColumns, type TemplateRow } from './template-row.ts';

export async function updateTemplate(
  knex: Knex,
  id: number,
  version: number,
  columns: TemplateColumns,
): Promise<TemplateRow | undefined> {
  const [row] = await mailerTable(knex, 'templates')
    .where({ id, version })
    .update({ ...columns, version: knex.raw('version + 1'), updated_at: knex.fn.now() })
    .returning('*');
  return row;
}
