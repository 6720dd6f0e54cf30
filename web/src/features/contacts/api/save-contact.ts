/**
 * POST /api/marketing/contacts (add), GET /api/marketing/contacts/{id} (the edit dialog opens
 * with the contact as stored now) and PUT /api/marketing/contacts/{id} (edit, with the version
 * opened: 409 when the contact changed since).
 */
import type { Contact, ContactCreateInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const contactUrl = (id: number) => `/api/marketing/contacts/${id}`;

export const createContact = (contact: ContactCreateInput) =>
  apiRequest<Contact>('POST', '/api/marketing/contacts', contact);

export const updateContact = (id: number, contact: Omit<ContactCreateInput, 'source'> & { version: number }) =>
  apiRequest<Contact>('PUT', contactUrl(id), contact);
