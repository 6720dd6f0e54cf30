/**
 * Creates, updates, duplicates and deletes templates. Content is stored sanitised (the e-mail
 * policy); merge tags were checked by the input schema (an unknown tag is refused).
 */
import type { TemplateInput } from '@lp/contracts';
import { notFound, type Knex } from '@lp/runtime';
import { sanitizeEmailHtml } from './sanitize-email-html.ts';
import { toTemplate, type TemplateRow } from './to-template.ts';

const table = (knex: Knex) => knex.withSchema('mailer').table<TemplateRow>('templates');

type Fields = Required<Omit<TemplateInput, 'description' | 'previewText' | 'category'>> & {
  description: string;
  previewText: string;
  category: string;
};

const columns = (t: Fields) => ({
  name: t.name,
  subject: t.subject,
  description: t.description,
  content: sanitizeEmailHtml(t.content),
  preview_text: t.previewText,
  category: t.category,
});

export async function insertTemplate(knex: Knex, t: Fields) {
  const [row] = await table(knex).insert(columns(t)).returning('*');
  return toTemplate(row as TemplateRow);
}

export async function updateTemplate(knex: Knex, id: number, t: Fields) {
  const [row] = await table(knex)
    .where({ id })
    .update({ ...columns(t), updated_at: knex.fn.now() })
    .returning('*');
  if (!row) throw notFound('Template not found');
  return toTemplate(row as TemplateRow);
}

export async function findTemplate(knex: Knex, id: number) {
  const row = await table(knex).where({ id }).first();
  if (!row) throw notFound('Template not found');
  return toTemplate(row);
}

export async function listTemplates(knex: Knex) {
  const rows = await table(knex).select('*').orderBy('updated_at', 'desc').orderBy('id', 'desc');
  return rows.map(toTemplate);
}

export async function duplicateTemplate(knex: Knex, id: number) {
  const t = await findTemplate(knex, id);
  return insertTemplate(knex, { ...t, name: `${t.name} (Copy)` });
}

export async function deleteTemplate(knex: Knex, id: number) {
  const n = await table(knex).where({ id }).delete();
  if (!n) throw notFound('Template not found');
  return { deleted: true as const };
}
