/**
 * GET /api/marketing/lots/{number}/changes: the lot's audit trail, newest first. Read again each
 * time the edit dialog shows it (it opens the lot as stored now; its history must be as current).
 */
import useSWR from 'swr';
import type { LotChange } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const lotChangesKey = (number: number) => `/api/marketing/lots/${number}/changes`;

export function useLotChanges(number: number) {
  const { data, error, isLoading } = useSWR<LotChange[] | null>(lotChangesKey(number), {
    ...swrDefaults,
    revalidateOnMount: true,
  });
  return { changes: data ?? undefined, error: error as Error | undefined, isLoading };
}
