/** The navigation's unread count beside Inbox: unread mail not archived, refreshed like the inbox. */
import { useInboxUnreadCount } from '../api/list-inbox';

export function InboxUnreadBadge() {
  const count = useInboxUnreadCount();
  if (!count) return null;
  return (
    // `relative`: the screen-reader text is positioned absolutely and must stay inside the scrolling nav.
    <span className="relative ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-canyon-600 px-1.5 text-xs font-bold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
