/** A `mailer.templates` row as the dashboard reads it (§3 Template). */
import type { Template } from '@lp/contracts';

export type TemplateRow = {
  id: number;
  name: string;
  subject: string;
  description: string;
  content: string;
  preview_text: string;
  category: string;
  thumbnail_url: string | null;
  created_at: Date;
  updated_at: Date;
};

export const toTemplate = (r: TemplateRow): Template => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  description: r.description,
  content: r.content,
  previewText: r.preview_text,
  category: r.category,
  thumbnailUrl: r.thumbnail_url,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});
