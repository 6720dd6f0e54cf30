/** GET /api/marketing/submissions: every website form submission, newest first, with its contact link. */
import useSWR from 'swr';
import type { FormSubmission } from '@lp/contracts';

export const SUBMISSIONS_KEY = '/api/marketing/submissions';

export function useSubmissions() {
  return useSWR<FormSubmission[]>(SUBMISSIONS_KEY);
}
