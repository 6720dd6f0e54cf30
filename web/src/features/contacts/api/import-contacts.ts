/** POST /api/marketing/contacts/import (multipart field `file`), reporting upload progress in percent. */
import type { ImportResult } from '@lp/contracts';
import { uploadWithProgress } from '../../../lib/api-request';

export function importContacts(file: File, onProgress: (percent: number) => void): Promise<ImportResult> {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<ImportResult>('/api/marketing/contacts/import', body, onProgress);
}
