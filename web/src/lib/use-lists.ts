/**
 * GET /api/marketing/lists: every contact list with its `contact_count`. A picker asks with
 * `fresh`: it reads the lists again when it opens (showing the cached ones meanwhile, and not
 * satisfied by a read of the last seconds, as SWR's de-duplication would be), so the counts it
 * names each list with include what others added since the lists were last read.
 */
import { useEffect } from 'react';
import useSWR from 'swr';
import type { ContactList } from '@lp/contracts';

export const LISTS_KEY = '/api/marketing/lists';

export function useLists({ fresh = false }: { fresh?: boolean } = {}) {
  const lists = useSWR<ContactList[]>(LISTS_KEY);
  const { mutate } = lists;
  useEffect(() => {
    if (fresh) void mutate();
  }, [fresh, mutate]);
  return lists;
}
