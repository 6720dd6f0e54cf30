/**
 * PUT .../inbox/{id}/read and .../unread (Mark as Read / Unread), PUT .../inbox/{id}/status {status},
 * DELETE .../inbox/{id} (permanent).
 */
import type { InboxStatus } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

const base = (id: number) => `/api/marketing-dashboard/inbox/${id}`;

export const setEmailRead = (id: number, isRead: boolean) =>
  apiRequest('PUT', `${base(id)}/${isRead ? 'read' : 'unread'}`);
export const setEmailStatus = (id: number, status: InboxStatus) => apiRequest('PUT', `${base(id)}/status`, { status });
export const deleteEmail = (id: number) => apiRequest<null>('DELETE', base(id));
