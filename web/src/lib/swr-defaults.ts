/**
 * SWR defaults of the spec (§9): no interval refetch, no refetch on focus, data never goes
 * stale, no retries. Used by `SwrProvider` (the dashboard's lazy chunk) and by the blog and
 * sitemap hooks directly, so SWR stays out of the home page's JavaScript.
 */
import type { SWRConfiguration } from 'swr';
import { getQueryFn, type QueryKey } from './api-request';

const fetcher = getQueryFn({ on401: 'throw' });

export const swrDefaults: SWRConfiguration = {
  fetcher: (key: QueryKey) => fetcher(key),
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};
