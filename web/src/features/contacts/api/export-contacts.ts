/**
 * The export: GET /api/marketing/contacts/export for all contacts, one list's, or the current
 * search's and status's (the browser downloads it as it streams); POST with hand-picked ids.
 */
import type { ContactStatus } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

/** The export's URL (GET /api/marketing/contacts/export): all contacts, one list's, or the current search's and status's. */
export function exportContactsUrl(filter: {
  listId?: number;
  q?: string;
  status?: ContactStatus;
  segmentId?: number;
}): string {
  const params = new URLSearchParams();
  if (filter.listId) params.set('listId', String(filter.listId));
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.segmentId) params.set('segmentId', String(filter.segmentId));
  const query = params.toString();
  return `/api/marketing/contacts/export${query ? `?${query}` : ''}`;
}

/** The CSV of hand-picked contacts (POST /api/marketing/contacts/export {ids}). */
export const exportSelectedContacts = (ids: number[]) =>
  apiRequest<string>('POST', '/api/marketing/contacts/export', { ids });

/** Has the browser save `url` (or a CSV text) as a download. */
export function download(source: { url: string } | { csv: string }) {
  const a = document.createElement('a');
  const url = 'url' in source ? source.url : URL.createObjectURL(new Blob([source.csv], { type: 'text/csv' }));
  a.href = url;
  a.download = 'url' in source ? '' : `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  if (!('url' in source)) setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
