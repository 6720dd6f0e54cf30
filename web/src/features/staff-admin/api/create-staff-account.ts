/** POST /api/marketing/staff: adds an account. */
import type { StaffAccount, StaffRole } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function createStaffAccount(input: {
  username: string;
  password: string;
  role: StaffRole;
}): Promise<StaffAccount> {
  return apiRequest<StaffAccount>('POST', '/api/marketing/staff', input);
}
