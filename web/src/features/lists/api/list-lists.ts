/** GET /api/marketing/lists: every contact list with its `contact_count`. */
import useSWR from 'swr';
import type { ContactList } from '@lp/contracts';

export const LISTS_KEY = '/api/marketing/lists';

export function useLists() {
  return useSWR<ContactList[]>(LISTS_KEY);
}
