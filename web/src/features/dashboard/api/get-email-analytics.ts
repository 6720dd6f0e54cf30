/**
 * GET /api/marketing-dashboard/email-analytics?days=30 (spec §7): the home's open and click rates.
 * Until the mailer tracks e-mail this answers an error, and the cards show '—'.
 */
import useSWR from 'swr';

export type EmailAnalytics = { openRate: number; clickRate: number; bounceRate: number; totalSent: number };

export function useEmailAnalytics() {
  return useSWR<EmailAnalytics>('/api/marketing-dashboard/email-analytics?days=30');
}
