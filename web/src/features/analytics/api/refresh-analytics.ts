/**
 * POST /api/marketing-dashboard/refresh-analytics?days=N (or from and to), then refetch both
 * analytics (spec §4): every cached web-analytics view, leads-by-source and site-events key, and
 * e-mail analytics once it exists.
 */
import { useSWRConfig } from 'swr';
import { periodParams, type AnalyticsPeriodInput, type AnalyticsRefreshed } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function useRefreshAnalytics() {
  const { mutate } = useSWRConfig();
  return async (period: AnalyticsPeriodInput) => {
    const query = new URLSearchParams(periodParams(period));
    await apiRequest<AnalyticsRefreshed>('POST', `/api/marketing-dashboard/refresh-analytics?${query.toString()}`);
    await mutate((key) => typeof key === 'string' && key.startsWith('/api/marketing-dashboard/'));
  };
}
