/** GET /api/marketing/staff: every staff account (owners only). */
import useSWR from 'swr';
import type { StaffAccount } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const STAFF_ACCOUNTS_KEY = '/api/marketing/staff';

export function useStaffAccounts() {
  const { data, error, mutate } = useSWR<StaffAccount[] | null>(STAFF_ACCOUNTS_KEY, swrDefaults);
  return { accounts: data ?? undefined, error: error as Error | undefined, reload: () => mutate() };
}
