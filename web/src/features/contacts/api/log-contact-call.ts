/** POST /api/marketing/contacts/{id}/calls {note}: log a call with the contact (audited, shown in its history). */
import type { ContactCall } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const logContactCall = (contactId: number, note: string) =>
  apiRequest<ContactCall>('POST', `/api/marketing/contacts/${contactId}/calls`, { note });
