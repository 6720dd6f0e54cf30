/** GET /api/marketing/submissions: every website form submission, newest first. */
import useSWR from 'swr';
import type { FormSubmission } from '@lp/contracts';

export function useSubmissions() {
  return useSWR<FormSubmission[]>('/api/marketing/submissions');
}
