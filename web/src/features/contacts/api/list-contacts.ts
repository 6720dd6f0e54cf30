/**
 * GET /api/marketing/contacts: a page of contacts for the search, status and segment, with the total from
 * `X-Total-Count` and the next page's URL from `Link: <…>; rel="next"`.
 */
import useSWRInfinite from 'swr/infinite';
import type { Contact, ContactStatus } from '@lp/contracts';
import { apiGetWithHeaders } from '../../../lib/api-request';

export type ContactsPage = { contacts: Contact[]; total: number; next: string | null };

/** The status filter of the Contacts screen: every contact, or those with one status. */
export type StatusFilter = ContactStatus | 'all';

export const contactsUrl = (q: string, status: StatusFilter = 'all', segmentId?: number) => {
  const params = new URLSearchParams({ limit: '100' });
  if (q) params.set('q', q);
  if (status !== 'all') params.set('status', status);
  if (segmentId) params.set('segmentId', String(segmentId));
  return `/api/marketing/contacts?${params}`;
};

async function fetchPage(url: string): Promise<ContactsPage> {
  const { data, headers } = await apiGetWithHeaders<Contact[]>(url);
  const next = /<([^<>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return { contacts: data, total: Number(headers.get('x-total-count') ?? data.length), next };
}

/** Pages of contacts for a search and status; `setSize(size + 1)` loads the next one. */
export function useContacts(q: string, status: StatusFilter = 'all', segmentId?: number) {
  return useSWRInfinite<ContactsPage>(
    (index, previous: ContactsPage | null) =>
      index === 0 ? contactsUrl(q, status, segmentId) : (previous?.next ?? null),
    fetchPage,
    { revalidateFirstPage: false },
  );
}

/** SWR keys of every contacts page, for revalidation after a change. */
export const isContactsKey = (key: unknown) =>
  typeof key === 'string' ? key.startsWith('/api/marketing/contacts') : typeof key === 'object' && key !== null;
