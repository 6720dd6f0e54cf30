/** Creates a template, or a copy of one named "<name> (Copy)" (a block template's copy is rendered afresh). */
import type { Template } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { findTemplate } from '../queries/find-template.ts';
import { insertTemplate } from '../queries/insert-template.ts';
import { templateColumns, type RenderDeps, type TemplateFields } from './template-columns.ts';
import { toTemplate } from './to-template.ts';

export async function createTemplate(deps: RenderDeps & { knex: Knex }, t: TemplateFields): Promise<Template> {
  return toTemplate(await insertTemplate(deps.knex, await templateColumns(deps, t)));
}

export async function duplicateTemplate(deps: RenderDeps & { knex: Knex }, id: number): Promise<Template> {
  const row = await findTemplate(deps.knex, id);
  if (!row) throw notFound('Template not found');
  const t = toTemplate(row);
  return createTemplate(deps, { ...t, name: `${t.name} (Copy)`, editor: t.editor ?? 'html', blocks: t.blocks ?? null });
}
