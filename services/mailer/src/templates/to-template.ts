/** A `mailer.templates` row as the dashboard reads it (§3 Template). */
import type { Template } from '@lp/contracts';
import type { TemplateRow } from '../queries/template-row.ts';

export const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  description: r.description,
  content: r.content,
  previewText: r.preview_text,
  category: r.category,
  thumbnailUrl: r.thumbnail_url,
  version: r.version,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});
