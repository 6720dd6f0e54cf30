/** Saves a template's fields (content sanitised); 404 when there is none with this id. */
import type { Template } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { updateTemplate } from '../queries/update-template.ts';
import { templateColumns, type TemplateFields } from './template-columns.ts';
import { toTemplate } from './to-template.ts';

export async function editTemplate(knex: Knex, id: number, t: TemplateFields): Promise<Template> {
  const row = await updateTemplate(knex, id, templateColumns(t));
  if (!row) throw notFound('Template not found');
  return toTemplate(row);
}
