import type { ContactStatus } from '@lp/contracts';

/** The export's URL (GET /api/marketing/contacts/export): all contacts, one list's, or the current search's and status's. */
export function exportContactsUrl(filter: { listId?: number; q?: string; status?: ContactStatus }): string {
  const params = new URLSearchParams();
  if (filter.listId) params.set('listId', String(filter.listId));
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return `/api/marketing/contacts/export${query ? `?${query}` : ''}`;
}
