/**
 * The shape of a `mailer.templates` row, shared by the template queries, and the typed accessor
 * to the mailer's tables declared so far (runtime db/table.ts).
 */
import { schemaTables } from '@lp/runtime';

export type TemplateRow = {
  id: number;
  name: string;
  subject: string;
  description: string;
  content: string;
  preview_text: string;
  category: string;
  thumbnail_url: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

export type MailerTables = { templates: TemplateRow };

export const mailerTable = schemaTables<MailerTables>('mailer');

/** The columns a template write sets (content already sanitised). */
export type TemplateColumns = Pick<
  TemplateRow,
  'name' | 'subject' | 'description' | 'content' | 'preview_text' | 'category'
>;
