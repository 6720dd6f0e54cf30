/**
 * Saves a template's fields (content sanitised) over the version they were based on: 404 when
 * there is no template with this id, 409 when it has been saved since that version (the stale
 * copy changes nothing).
 */
import { STALE_EDIT_MESSAGES, type Template } from '@lp/contracts';
import { conflict, notFound, type Knex } from '@lp/runtime';
import { findTemplate } from '../queries/find-template.ts';
import { updateTemplate } from '../queries/update-template.ts';
import { templateColumns, type TemplateFields } from './template-columns.ts';
import { toTemplate } from './to-template.ts';

export async function editTemplate(knex: Knex, id: number, version: number, t: TemplateFields): Promise<Template> {
  const row = await updateTemplate(knex, id, version, templateColumns(t));
  if (row) return toTemplate(row);
  if (await findTemplate(knex, id)) throw conflict(STALE_EDIT_MESSAGES.template);
  throw notFound('Template not found');
}
