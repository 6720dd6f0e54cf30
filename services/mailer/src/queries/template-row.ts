/**
 * The shape of a `mailer.templates` row, shared by the template queries, and the typed accessor
 * to the mailer's tables declared so far (runtime db/table.ts).
 */
import type { TemplateEditor } from '@lp/contracts';
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
  editor: TemplateEditor;
  /** A block template's blocks as parsed from jsonb (written as a JSON string: see `TemplateColumns`). */
  blocks: unknown;
  version: number;
  created_at: Date;
  updated_at: Date;
};

export type MailerTables = { templates: TemplateRow };

export const mailerTable = schemaTables<MailerTables>('mailer');

/**
 * The columns a template write sets (content already sanitised; a block template's content
 * rendered from its blocks). `blocks` is JSON text: the pg driver would write a JS array as a
 * Postgres array, not as JSON.
 */
export type TemplateColumns = Pick<
  TemplateRow,
  'name' | 'subject' | 'description' | 'content' | 'preview_text' | 'category' | 'editor'
> & { blocks: string | null };
