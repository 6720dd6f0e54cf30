/** GET /api/marketing/lots/{number}/changes: the lot's audit trail, newest first. */
import useSWR from 'swr';
import type { LotChange } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const lotChangesKey = (number: number) => `/api/marketing/lots/${number}/changes`;

export function useLotChanges(number: number) {
  const { data, error, isLoading } = useSWR<LotChange[] | null>(lotChangesKey(number), swrDefaults);
  return { changes: data ?? undefined, error: error as Error | undefined, isLoading };
}
