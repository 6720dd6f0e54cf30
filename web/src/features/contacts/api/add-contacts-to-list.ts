/** POST /api/marketing/contacts-to-list {contactIds, listId} → results.success. */
import { apiRequest } from '../../../lib/api-request';

export const addContactsToList = (listId: number, contactIds: number[]) =>
  apiRequest<{ results: { success: number; added: number; missing: number } }>(
    'POST',
    '/api/marketing/contacts-to-list',
    {
      listId,
      contactIds,
    },
  );
