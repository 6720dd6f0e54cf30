/**
 * GET /api/marketing-dashboard/submission-attribution: first touch and path to conversion per
 * tracked visitor (session id) who sent a form, as of their first form; a submission finds its
 * own by its `sessionId`.
 */
import useSWR from 'swr';
import type { LeadAttribution } from '@lp/contracts';

export type SubmissionAttribution = LeadAttribution;

export function useSubmissionAttribution() {
  return useSWR<SubmissionAttribution[]>('/api/marketing-dashboard/submission-attribution');
}
