/** GET /api/marketing/stats: totals of contacts, campaigns and lists. */
import useSWR from 'swr';
import type { MarketingStats } from '@lp/contracts';

export function useMarketingStats() {
  return useSWR<MarketingStats>('/api/marketing/stats');
}
