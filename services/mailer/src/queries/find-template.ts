/** One template by id. */
import type { Knex } from '@lp/runtime';
import type { TemplateRow } from './template-row.ts';

export async function findTemplate(knex: Knex, id: number): Promise<TemplateRow | undefined> {
  return knex.withSchema('mailer').table<TemplateRow>('templates').where({ id }).first();
}
