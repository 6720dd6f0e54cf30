/** Every template, the most recently changed first. */
import type { Knex } from '@lp/runtime';
import type { TemplateRow } from './template-row.ts';

export async function listTemplates(knex: Knex): Promise<TemplateRow[]> {
  return knex
    .withSchema('mailer')
    .table<TemplateRow>('templates')
    .select('*')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');
}
