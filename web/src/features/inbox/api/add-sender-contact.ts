/** POST .../inbox/{id}/contact: the sender as a CRM contact (the existing one when known). */
import type { ContactFromSender } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const addSenderContact = (id: number) =>
  apiRequest<ContactFromSender>('POST', `/api/marketing-dashboard/inbox/${id}/contact`, {});
