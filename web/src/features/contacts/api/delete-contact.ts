/** DELETE /api/marketing/contacts/{id}. */
import { apiRequest } from '../../../lib/api-request';

export const deleteContact = (id: number) => apiRequest<null>('DELETE', `/api/marketing/contacts/${id}`);
