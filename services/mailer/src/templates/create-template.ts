/** Creates a template, or a copy of one named "<name> (Copy)". */
import type { Template } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { findTemplate } from '../queries/find-template.ts';
import { insertTemplate } from '../queries/insert-template.ts';
import { templateColumns, type TemplateFields } from './template-columns.ts';
import { toTemplate } from './to-template.ts';

export async function createTemplate(knex: Knex, t: TemplateFields): Promise<Template> {
  return toTemplate(await insertTemplate(knex, templateColumns(t)));
}

export async function duplicateTemplate(knex: Knex, id: number): Promise<Template> {
  const row = await findTemplate(knex, id);
  if (!row) throw notFound('Template not found');
  const t = toTemplate(row);
  return createTemplate(knex, { ...t, name: `${t.name} (Copy)` });
}
