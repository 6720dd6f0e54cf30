/**
 * The block editor's own helpers: a new block of each kind (with an id for the list's keys),
 * the blocks a new template starts with, what each kind is called on screen, and the blocks'
 * errors by path (`3.text`, `5.columns.0.1.url`) from the contracts' schema or the server's 400.
 */
import * as v from 'valibot';
import { EmailBlocksSchema, type ColumnBlock, type EmailBlock, type EmailBlockType } from '@lp/contracts/email-blocks';
import { createUuid } from '../../../lib/create-uuid';
import { fieldErrors } from '../../../lib/error-message';

const newId = () => createUuid().slice(0, 12);

export const BLOCK_LABELS: Record<EmailBlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  spacer: 'Spacer',
  columns: 'Two columns',
  lot: 'Lot card',
};

export const COLUMN_BLOCK_TYPES = ['text', 'image', 'button'] as const satisfies readonly ColumnBlock['type'][];

/** A new, empty block of `type` (staff fill it in; the schema says what is missing). */
export function newBlock(type: EmailBlockType): EmailBlock {
  const id = newId();
  switch (type) {
    case 'heading':
      return { id, type, text: '', level: 1 };
    case 'text':
      return { id, type, text: '' };
    case 'image':
      return { id, type, src: '', alt: '', href: '' };
    case 'button':
      return { id, type, label: '', url: 'https://' };
    case 'divider':
      return { id, type };
    case 'spacer':
      return { id, type, height: 24 };
    case 'columns':
      return { id, type, columns: [[newColumnBlock('text')], [newColumnBlock('text')]] };
    case 'lot':
      return { id, type, lotNumber: 0, photo: '' };
  }
}

export function newColumnBlock(type: ColumnBlock['type']): ColumnBlock {
  return newBlock(type) as ColumnBlock;
}

/** What a new block template starts with. */
export const starterBlocks = (): EmailBlock[] => [
  { id: newId(), type: 'heading', text: 'Hello {{firstName}}', level: 1 },
  { id: newId(), type: 'text', text: 'Start writing your email here...' },
];

/** Each invalid field's first message by its path under the blocks; none when they are valid. */
export function blockErrorsOf(blocks: readonly EmailBlock[]): Record<string, string> {
  const result = v.safeParse(EmailBlocksSchema, blocks);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The server's messages for the blocks (its paths start with `blocks.`) by path under the blocks. */
export function serverBlockErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).flatMap(([path, message]) =>
      path === 'blocks' ? [['', message]] : path.startsWith('blocks.') ? [[path.slice('blocks.'.length), message]] : [],
    ),
  );
}
