/** A `mailer.templates` row as the dashboard reads it (§3 Template, with the editor that made it and its blocks). */
import * as v from 'valibot';
import { EmailBlockSchema, type Template } from '@lp/contracts';
import type { TemplateRow } from '../queries/template-row.ts';

const StoredBlocksSchema = v.nullable(v.array(EmailBlockSchema));

export const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  description: r.description,
  content: r.content,
  previewText: r.preview_text,
  category: r.category,
  thumbnailUrl: r.thumbnail_url,
  editor: r.editor,
  // Written only after the input schema passed; parsed again so the type is earned, not cast.
  blocks: v.parse(StoredBlocksSchema, r.blocks ?? null),
  version: r.version,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});
