/**
 * POST /api/marketing/contacts/import (multipart: the options, then the field `file`),
 * reporting upload progress in percent; `progressId` names the import for its server progress,
 * `columns` is the column mapping chosen in the dialog. POST /api/marketing/contacts/import/preview
 * sends the file's beginning (IMPORT_PREVIEW_BYTES) for the mapping preview.
 */
import {
  IMPORT_PREVIEW_BYTES,
  type ImportExisting,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@lp/contracts';
import { apiRequest, uploadWithProgress } from '../../../lib/api-request';

/** The list the imported contacts join: none, an existing one, or a new one by name. */
export type ImportList = { listId: number } | { newListName: string } | null;

export function importContacts(
  file: File,
  onProgress: (percent: number) => void,
  options: { list?: ImportList; existing?: ImportExisting; columns?: ImportMapping; progressId?: string } = {},
): Promise<ImportResult> {
  const body = new FormData();
  // The fields come before the file: the server reads them before the first row.
  if (options.list && 'listId' in options.list) body.append('listId', String(options.list.listId));
  if (options.list && 'newListName' in options.list) body.append('newListName', options.list.newListName);
  if (options.existing) body.append('existing', options.existing);
  if (options.columns) body.append('columns', JSON.stringify(options.columns));
  body.append('file', file);
  return uploadWithProgress<ImportResult>(
    '/api/marketing/contacts/import',
    body,
    onProgress,
    options.progressId ? { 'X-Progress-Id': options.progressId } : {},
  );
}

/** The file's header, the field each column names and its first rows, read by the gateway as the import reads them. */
export function previewImportContacts(file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file.slice(0, IMPORT_PREVIEW_BYTES), file.name);
  return apiRequest<ImportPreview>('POST', '/api/marketing/contacts/import/preview', body);
}
