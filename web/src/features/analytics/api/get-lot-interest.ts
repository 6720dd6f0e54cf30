/** GET /api/marketing/lots/interest?days=N: page views, map clicks and leads per lot in the Analytics range. */
import useSWR from 'swr';
import type { AnalyticsRange, LotInterest } from '@lp/contracts';

export function useLotInterest(days: AnalyticsRange) {
  return useSWR<LotInterest>(`/api/marketing/lots/interest?days=${days}`);
}
