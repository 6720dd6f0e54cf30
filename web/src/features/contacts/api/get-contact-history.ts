/** GET /api/marketing/contacts/{id}/history: form submissions, list joins and e-mail activity, newest first. */
import useSWR from 'swr';
import type { ContactHistoryPage } from '@lp/contracts';

export function useContactHistory(id: number | null) {
  return useSWR<ContactHistoryPage>(id === null ? null : `/api/marketing/contacts/${id}/history`);
}
