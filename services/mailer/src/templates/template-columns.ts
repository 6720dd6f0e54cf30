/**
 * A template as staff typed it → the columns stored: content sanitised under the e-mail policy
 * (merge tags were checked by the input schema: an unknown tag is refused).
 */
import type { TemplateInput } from '@lp/contracts';
import type { TemplateColumns } from '../queries/template-row.ts';
import { sanitizeEmailHtml } from './sanitize-email-html.ts';

export type TemplateFields = Required<Omit<TemplateInput, 'description' | 'previewText' | 'category'>> & {
  description: string;
  previewText: string;
  category: string;
};

export const templateColumns = (t: TemplateFields): TemplateColumns => ({
  name: t.name,
  subject: t.subject,
  description: t.description,
  content: sanitizeEmailHtml(t.content),
  preview_text: t.previewText,
  category: t.category,
});
