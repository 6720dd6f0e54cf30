/** GET /api/marketing-dashboard/site-events?days=N: outbound links, file downloads and pages not found. */
import useSWR from 'swr';
import type { AnalyticsRange, SiteEvents } from '@lp/contracts';

export function useSiteEvents(days: AnalyticsRange) {
  return useSWR<SiteEvents>(`/api/marketing-dashboard/site-events?days=${days}`);
}
