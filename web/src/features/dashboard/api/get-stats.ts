/** GET /api/marketing/stats: totals of contacts, campaigns, lists and form submissions. */
import useSWR from 'swr';
import type { MarketingStats } from '@lp/contracts';

export function useMarketingStats() {
  return useSWR<MarketingStats>('/api/marketing/stats');
}
