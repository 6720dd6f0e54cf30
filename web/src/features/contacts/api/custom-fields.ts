/**
 * GET, POST /api/marketing/custom-fields and PUT, DELETE /api/marketing/custom-fields/{id}: the
 * custom fields of contacts (defined once, then shown in the contact dialog, the table and the
 * import mapping).
 */
import useSWR from 'swr';
import type { CustomField, CustomFieldFormInput } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const CUSTOM_FIELDS_KEY = '/api/marketing/custom-fields';

export const useCustomFields = () => useSWR<CustomField[]>(CUSTOM_FIELDS_KEY);

export const createCustomField = (field: CustomFieldFormInput) =>
  apiRequest<CustomField>('POST', CUSTOM_FIELDS_KEY, field);

export const renameCustomField = (id: number, name: string, version: number) =>
  apiRequest<CustomField>('PUT', `${CUSTOM_FIELDS_KEY}/${id}`, { name, version });

export const deleteCustomField = (id: number) => apiRequest<void>('DELETE', `${CUSTOM_FIELDS_KEY}/${id}`);
