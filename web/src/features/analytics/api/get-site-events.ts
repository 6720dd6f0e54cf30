/** GET /api/marketing-dashboard/site-events?days=N (or from and to): outbound links, file downloads and pages not found. */
import useSWR from 'swr';
import type { AnalyticsPeriodInput, SiteEvents } from '@lp/contracts';
import { analyticsQuery } from '../../../lib/use-web-analytics';

export function useSiteEvents(period: AnalyticsPeriodInput) {
  return useSWR<SiteEvents>(`/api/marketing-dashboard/site-events?${analyticsQuery({ period })}`);
}
