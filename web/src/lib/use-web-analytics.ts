/**
 * GET /api/marketing-dashboard/web-analytics?days=N[&filter=value…] (spec §7: keyed on the path
 * with the days appended, then any drill-down filters in a stable order). The Analytics screen and
 * the dashboard home read the same key for the whole site.
 */
import useSWR from 'swr';
import { filterParams, type AnalyticsFilters, type AnalyticsRange, type WebAnalytics } from '@lp/contracts';

export function webAnalyticsKey(days: AnalyticsRange, filters: AnalyticsFilters = {}): string {
  const query = new URLSearchParams([['days', String(days)], ...filterParams(filters)]);
  return `/api/marketing-dashboard/web-analytics?${query.toString()}`;
}

export function useWebAnalytics(days: AnalyticsRange, filters: AnalyticsFilters = {}) {
  return useSWR<WebAnalytics>(webAnalyticsKey(days, filters), { keepPreviousData: true });
}
