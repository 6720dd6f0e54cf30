/** GET /api/marketing/submissions/response-times: the median time to first staff response per week. */
import useSWR from 'swr';
import type { ResponseTimes } from '@lp/contracts';

export const RESPONSE_TIMES_KEY = '/api/marketing/submissions/response-times';

export function useResponseTimes() {
  return useSWR<ResponseTimes>(RESPONSE_TIMES_KEY);
}
