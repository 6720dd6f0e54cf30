/** GET /api/marketing-dashboard/leads-by-source?days=N (or from and to): leads and conversion per first-touch source and campaign. */
import useSWR from 'swr';
import type { AnalyticsPeriodInput, LeadsBySource } from '@lp/contracts';
import { analyticsQuery } from '../../../lib/use-web-analytics';

export function useLeadsBySource(period: AnalyticsPeriodInput) {
  return useSWR<LeadsBySource>(`/api/marketing-dashboard/leads-by-source?${analyticsQuery({ period })}`);
}
