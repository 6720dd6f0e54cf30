/** DELETE /api/marketing/lists/{id}: the list goes, its contacts stay. */
import { apiRequest } from '../../../lib/api-request';

export const deleteList = (id: number) => apiRequest<null>('DELETE', `/api/marketing/lists/${id}`);
