/** POST /api/marketing/staff/{id}/password: sets a new password (the account is signed out everywhere). */
import type { StaffAccount } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function resetStaffPassword(id: number, password: string): Promise<StaffAccount> {
  return apiRequest<StaffAccount>('POST', `/api/marketing/staff/${id}/password`, { password });
}
