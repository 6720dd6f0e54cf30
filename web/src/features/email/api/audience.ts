/**
 * Who a send may go to: GET /api/marketing/lists, and GET /api/marketing/contacts searched on the
 * server (every contact, name or e-mail, case and accents ignored), a page at a time: the total
 * from `X-Total-Count`, the next page from `Link: <…>; rel="next"`.
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { Contact } from '@lp/contracts';
import { apiGetWithHeaders } from '../../../lib/api-request';

export type ContactList = { id: number; name: string; contactCount?: number; contact_count?: number };
export type ContactRow = Pick<Contact, 'id' | 'firstName' | 'lastName' | 'email' | 'status'>;
export type ContactSearchPage = { contacts: ContactRow[]; total: number; next: string | null };

/** A contact the product never mails (crm leaves them out of every audience). */
export const isUnmailable = (c: Pick<ContactRow, 'status'>) => c.status === 'unsubscribed' || c.status === 'bounced';

/** Contacts shown per page of the recipient picker. */
export const PICKER_PAGE_SIZE = 50;

export const useLists = () => useSWR<ContactList[]>('/api/marketing/lists');

/** The number of contacts of a list, under either of its spellings (spec §3). */
export const listContactCount = (l: ContactList) => l.contactCount ?? l.contact_count ?? 0;

export const contactSearchUrl = (q: string) => {
  const params = new URLSearchParams({ limit: String(PICKER_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return `/api/marketing/contacts?${params}`;
};

async function fetchPage(url: string): Promise<ContactSearchPage> {
  const { data, headers } = await apiGetWithHeaders<Contact[]>(url);
  const next = /<([^<>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return { contacts: data, total: Number(headers.get('x-total-count') ?? data.length), next };
}

/** Pages of contacts matching `q`; `setSize(size + 1)` loads the next one. */
export function useContactSearch(q: string) {
  return useSWRInfinite<ContactSearchPage>(
    (index, previous: ContactSearchPage | null) => (index === 0 ? contactSearchUrl(q) : (previous?.next ?? null)),
    fetchPage,
    { revalidateFirstPage: false },
  );
}
