/** POST /api/marketing/contacts (add) and PUT /api/marketing/contacts/{id} (edit). */
import type { Contact, ContactCreateInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const createContact = (contact: ContactCreateInput) =>
  apiRequest<Contact>('POST', '/api/marketing/contacts', contact);

export const updateContact = (id: number, contact: Omit<ContactCreateInput, 'source'>) =>
  apiRequest<Contact>('PUT', `/api/marketing/contacts/${id}`, contact);
