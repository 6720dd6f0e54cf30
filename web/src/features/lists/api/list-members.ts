/**
 * A list's contacts, page after page (GET /api/marketing/contacts?listId=: the total from
 * `X-Total-Count`, the next page's URL from `Link: <…>; rel="next"`), and removing one
 * (DELETE …/lists/{listId}/contacts/{contactId}). A list of any size is viewed a page at a time.
 */
import useSWRInfinite from 'swr/infinite';
import type { Contact } from '@lp/contracts';
import { apiGetWithHeaders, apiRequest } from '../../../lib/api-request';

export const LIST_MEMBERS_PAGE = 100;

export type ListMembersPage = { contacts: Contact[]; total: number; next: string | null };

export const listMembersKey = (listId: number) => `/api/marketing/contacts?listId=${listId}&limit=${LIST_MEMBERS_PAGE}`;

async function fetchPage(url: string): Promise<ListMembersPage> {
  const { data, headers } = await apiGetWithHeaders<Contact[]>(url);
  const next = /<([^<>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return { contacts: data, total: Number(headers.get('x-total-count') ?? data.length), next };
}

/** Pages of a list's contacts (none while `listId` is null); `setSize(size + 1)` loads the next one. */
export function useListMembers(listId: number | null) {
  return useSWRInfinite<ListMembersPage>(
    (index, previous: ListMembersPage | null) =>
      listId === null ? null : index === 0 ? listMembersKey(listId) : (previous?.next ?? null),
    fetchPage,
    { revalidateFirstPage: false },
  );
}

export const removeListMember = (listId: number, contactId: number) =>
  apiRequest<null>('DELETE', `/api/marketing/lists/${listId}/contacts/${contactId}`);
