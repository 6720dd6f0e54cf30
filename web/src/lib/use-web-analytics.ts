/**
 * GET /api/marketing-dashboard/web-analytics?days=N (spec §7: keyed on the path with the days
 * appended). The Analytics screen and the dashboard home read the same key.
 */
import useSWR from 'swr';
import type { AnalyticsRange, WebAnalytics } from '@lp/contracts';

export const webAnalyticsKey = (days: AnalyticsRange) => `/api/marketing-dashboard/web-analytics?days=${days}`;

export function useWebAnalytics(days: AnalyticsRange) {
  return useSWR<WebAnalytics>(webAnalyticsKey(days));
}
