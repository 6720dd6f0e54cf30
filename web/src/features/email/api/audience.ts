/** Who a send may go to: GET /api/marketing/lists and GET /api/marketing/contacts (crm's). */
import useSWR from 'swr';

export type ContactList = { id: number; name: string; contactCount?: number; contact_count?: number };
export type ContactRow = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: string;
};

export const useLists = () => useSWR<ContactList[]>('/api/marketing/lists');
export const useContacts = () => useSWR<ContactRow[]>('/api/marketing/contacts');
