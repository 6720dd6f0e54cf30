/** POST /api/marketing/lists (create) and PUT /api/marketing/lists/{id} (update). */
import type { ContactList, ListFormInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const createList = (list: ListFormInput) => apiRequest<ContactList>('POST', '/api/marketing/lists', list);

export const updateList = (id: number, list: ListFormInput) =>
  apiRequest<ContactList>('PUT', `/api/marketing/lists/${id}`, list);
