/** PUT .../inbox/{id}/read, PUT .../inbox/{id}/status {status}, DELETE .../inbox/{id} (permanent). */
import type { InboxStatus } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

const base = (id: number) => `/api/marketing-dashboard/inbox/${id}`;

export const markEmailRead = (id: number) => apiRequest('PUT', `${base(id)}/read`);
export const setEmailStatus = (id: number, status: InboxStatus) => apiRequest('PUT', `${base(id)}/status`, { status });
export const deleteEmail = (id: number) => apiRequest<null>('DELETE', base(id));
