/**
 * The inbox's SWR options (spec §9), the one exception to the dashboard's no-refetch defaults:
 * refreshed every 15 s and when the window regains focus, answers reused for 5 s, and a failed
 * request retried 3 times.
 */
import type { SWRConfiguration } from 'swr';

export const INBOX_REFRESH_MS = 15_000;

export const inboxSwrOptions: SWRConfiguration = {
  refreshInterval: INBOX_REFRESH_MS,
  revalidateOnFocus: true,
  revalidateIfStale: true,
  dedupingInterval: 5_000,
  focusThrottleInterval: 5_000,
  shouldRetryOnError: true,
  errorRetryCount: 3,
  keepPreviousData: true,
};

/** Every inbox key (lists, the unread count, one email), to refresh them all after a change. */
export const isInboxKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/marketing-dashboard/inbox');
