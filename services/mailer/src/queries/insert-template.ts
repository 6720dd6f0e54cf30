/** Stores a new template; returns its row. */
import type { Knex } from '@lp/runtime';
import { mailerTable, type TemplateColumns, type TemplateRow } from './template-row.ts';

export async function insertTemplate(knex: Knex, columns: TemplateColumns): Promise<TemplateRow> {
  const [row] = await mailerTable(knex, 'templates').insert(columns).returning('*');
  return row!;
}
