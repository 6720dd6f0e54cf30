/** GET /api/marketing-dashboard/submission-attribution: first touch and path to conversion per form submission. */
import useSWR from 'swr';
import type { LeadAttribution } from '@lp/contracts';

export type SubmissionAttribution = LeadAttribution & { submissionId: number };

export function useSubmissionAttribution() {
  return useSWR<SubmissionAttribution[]>('/api/marketing-dashboard/submission-attribution');
}
