/** GET /api/marketing-dashboard/email-analytics?days=: rates in percent, messages sent, a per-day series. */
import useSWR from 'swr';
import type { EmailAnalytics } from '@lp/contracts/email';

export function useEmailAnalytics(days: 7 | 30 | 90 | 365 = 30) {
  return useSWR<EmailAnalytics>(`/api/marketing-dashboard/email-analytics?days=${days}`);
}
