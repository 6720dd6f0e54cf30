/**
 * GET /api/marketing/lots/interest?days=N: page views, map clicks and leads per lot over the
 * last N days, for the Lots screen (7, 30 or 90) and the Analytics screen (its range).
 */
import useSWR from 'swr';
import type { AnalyticsRange, LotInterest } from '@lp/contracts';
import { swrDefaults } from './swr-defaults';

export function useLotInterest(days: AnalyticsRange) {
  const { data, error, isLoading } = useSWR<LotInterest | null>(
    `/api/marketing/lots/interest?days=${days}`,
    swrDefaults,
  );
  return { interest: data ?? undefined, error: error as Error | undefined, isLoading };
}
