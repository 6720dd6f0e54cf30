/**
 * POST /api/marketing-dashboard/refresh-analytics?days=N, then refetch both analytics (spec §4):
 * every cached web-analytics range and leads-by-source key, and e-mail analytics once it exists.
 */
import { useSWRConfig } from 'swr';
import type { AnalyticsRange, AnalyticsRefreshed } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function useRefreshAnalytics() {
  const { mutate } = useSWRConfig();
  return async (days: AnalyticsRange) => {
    await apiRequest<AnalyticsRefreshed>('POST', `/api/marketing-dashboard/refresh-analytics?days=${days}`);
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/marketing-dashboard/'));
  };
}
