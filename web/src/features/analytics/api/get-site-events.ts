/** GET /api/marketing-dashboard/site-events?days=N (or from and to): outbound links, file downloads and pages not found. */
import useSWR from 'swr';
import { periodParams, type AnalyticsPeriodInput, type SiteEvents } from '@lp/contracts';

export function useSiteEvents(period: AnalyticsPeriodInput) {
  const query = new URLSearchParams(periodParams(period));
  return useSWR<SiteEvents>(`/api/marketing-dashboard/site-events?${query.toString()}`);
}
