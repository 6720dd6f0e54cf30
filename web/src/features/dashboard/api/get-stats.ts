/**
 * GET /api/marketing/stats: totals of contacts, campaigns, lists and form submissions, with their
 * month-over-month change. Fetched again each time the home is shown: the other screens change
 * these counts while the home is not mounted, so a cached copy would be stale.
 */
import useSWR from 'swr';
import type { MarketingStats } from '@lp/contracts';

export function useMarketingStats() {
  return useSWR<MarketingStats>('/api/marketing/stats', { revalidateOnMount: true });
}
