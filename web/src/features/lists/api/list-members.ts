/** A list's contacts (GET /api/marketing/contacts?listId=) and removing one (DELETE …/contacts/{contactId}). */
import useSWR from 'swr';
import type { Contact } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const listMembersKey = (listId: number) => `/api/marketing/contacts?listId=${listId}&limit=1000`;

export function useListMembers(listId: number | null) {
  return useSWR<Contact[]>(listId === null ? null : listMembersKey(listId));
}

export const removeListMember = (listId: number, contactId: number) =>
  apiRequest<null>('DELETE', `/api/marketing/lists/${listId}/contacts/${contactId}`);
