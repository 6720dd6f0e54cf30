/** POST /api/marketing/lists/{id}/duplicate {name, copyContacts}. */
import type { ContactList } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const duplicateList = (id: number, body: { name: string; description: string | null; copyContacts: boolean }) =>
  apiRequest<ContactList>('POST', `/api/marketing/lists/${id}/duplicate`, body);
