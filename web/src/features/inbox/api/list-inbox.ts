/** GET /api/marketing-dashboard/inbox: one page of a tab, with server-side search; refreshed every 15 s. */
import useSWR from 'swr';
import { INBOX_PAGE_SIZE, type InboxPage } from '@lp/contracts';
import { inboxSwrOptions } from '../lib/inbox-swr';

export type InboxTab = 'all' | 'unread' | 'archived';

export function inboxListKey(tab: InboxTab, q: string, cursor?: string): string {
  const params = new URLSearchParams({
    status: tab === 'archived' ? 'archived' : 'inbox',
    limit: String(INBOX_PAGE_SIZE),
  });
  if (tab === 'unread') params.set('unreadOnly', 'true');
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `/api/marketing-dashboard/inbox?${params.toString()}`;
}

export function useInbox(tab: InboxTab, q: string, cursor?: string) {
  return useSWR<InboxPage>(inboxListKey(tab, q, cursor), inboxSwrOptions);
}

/** The unread count for the navigation (a one-row page; the count comes with every page). */
export function useInboxUnreadCount() {
  const { data } = useSWR<InboxPage>('/api/marketing-dashboard/inbox?limit=1', inboxSwrOptions);
  return data?.unreadCount;
}
