/**
 * GET /api/marketing-dashboard/live-visitors: who is on the site now. Asked again every
 * LIVE_REFRESH_MS while the page is shown (SWR pauses while the tab is hidden). SWR's interval
 * stops at a failed answer, so a failure is asked again at the same pace until it answers,
 * except a signed-out session, which the next screen deals with.
 */
import useSWR from 'swr';
import { LIVE_REFRESH_MS, type LiveVisitors } from '@lp/contracts';
import { ApiError } from '../../../lib/api-request';

export function useLiveVisitors() {
  return useSWR<LiveVisitors>('/api/marketing-dashboard/live-visitors', {
    refreshInterval: LIVE_REFRESH_MS,
    revalidateOnMount: true,
    shouldRetryOnError: true,
    onErrorRetry: (err, _key, _config, revalidate) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return;
      setTimeout(() => void revalidate(), LIVE_REFRESH_MS);
    },
  });
}
