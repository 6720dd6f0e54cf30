/** GET /api/marketing-dashboard/leads-by-source?days=N (or from and to): leads and conversion per first-touch source and campaign. */
import useSWR from 'swr';
import { periodParams, type AnalyticsPeriodInput, type LeadsBySource } from '@lp/contracts';

export function useLeadsBySource(period: AnalyticsPeriodInput) {
  const query = new URLSearchParams(periodParams(period));
  return useSWR<LeadsBySource>(`/api/marketing-dashboard/leads-by-source?${query.toString()}`);
}
