/** Stores a new template; returns its row. */
import type { Knex } from '@lp/runtime';
import type { TemplateColumns, TemplateRow } from './template-row.ts';

export async function insertTemplate(knex: Knex, columns: TemplateColumns): Promise<TemplateRow> {
  const [row] = await knex.withSchema('mailer').table('templates').insert(columns).returning('*');
  return row as TemplateRow;
}
