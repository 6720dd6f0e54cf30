/**
 * POST /api/marketing/contacts/import (multipart: the options, then the field `file`),
 * reporting upload progress in percent; `progressId` names the import for its server progress.
 */
import type { ImportExisting, ImportResult } from '@lp/contracts';
import { uploadWithProgress } from '../../../lib/api-request';

/** The list the imported contacts join: none, an existing one, or a new one by name. */
export type ImportList = { listId: number } | { newListName: string } | null;

export function importContacts(
  file: File,
  onProgress: (percent: number) => void,
  options: { list?: ImportList; existing?: ImportExisting; progressId?: string } = {},
): Promise<ImportResult> {
  const body = new FormData();
  // The fields come before the file: the server reads them before the first row.
  if (options.list && 'listId' in options.list) body.append('listId', String(options.list.listId));
  if (options.list && 'newListName' in options.list) body.append('newListName', options.list.newListName);
  if (options.existing) body.append('existing', options.existing);
  body.append('file', file);
  return uploadWithProgress<ImportResult>(
    '/api/marketing/contacts/import',
    body,
    onProgress,
    options.progressId ? { 'X-Progress-Id': options.progressId } : {},
  );
}
