/**
 * POST /api/marketing/lists (create) and PUT /api/marketing/lists/{id} (update, with the version
 * the edit opened: 409 when the list changed since).
 */
import type { ContactList, ListFormInput, ListUpdateInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const createList = (list: ListFormInput) => apiRequest<ContactList>('POST', '/api/marketing/lists', list);

export const updateList = (id: number, list: ListUpdateInput) =>
  apiRequest<ContactList>('PUT', `/api/marketing/lists/${id}`, list);
