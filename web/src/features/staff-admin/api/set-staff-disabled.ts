/** POST /api/marketing/staff/{id}/disable | enable. */
import type { StaffAccount } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function setStaffDisabled(id: number, disabled: boolean): Promise<StaffAccount> {
  return apiRequest<StaffAccount>('POST', `/api/marketing/staff/${id}/${disabled ? 'disable' : 'enable'}`);
}
