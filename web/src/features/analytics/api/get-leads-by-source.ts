/** GET /api/marketing-dashboard/leads-by-source?days=N: leads and conversion per first-touch source and campaign. */
import useSWR from 'swr';
import type { AnalyticsRange, LeadsBySource } from '@lp/contracts';

export function useLeadsBySource(days: AnalyticsRange) {
  return useSWR<LeadsBySource>(`/api/marketing-dashboard/leads-by-source?days=${days}`);
}
