/** GET /api/marketing/lots/interest?range=…: page views, map clicks and leads per lot in the range. */
import useSWR from 'swr';
import type { LotInterest, LotInterestRange } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export function useLotInterest(range: LotInterestRange) {
  const { data, error, isLoading } = useSWR<LotInterest | null>(
    `/api/marketing/lots/interest?range=${range}`,
    swrDefaults,
  );
  return { interest: data ?? undefined, error: error as Error | undefined, isLoading };
}
