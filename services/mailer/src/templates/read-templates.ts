/** Templates as the dashboard reads them: one (404 when there is none) or all, the most recently changed first. */
import type { Template } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { findTemplate } from '../queries/find-template.ts';
import { listTemplates } from '../queries/list-templates.ts';
import { toTemplate } from './to-template.ts';

export async function getTemplate(knex: Knex, id: number): Promise<Template> {
  const row = await findTemplate(knex, id);
  if (!row) throw notFound('Template not found');
  return toTemplate(row);
}

export async function readTemplates(knex: Knex): Promise<Template[]> {
  return (await listTemplates(knex)).map(toTemplate);
}
