/** The dashboard's Inbox screen (/marketing/inbox) and the navigation's unread count. */
export { InboxPage } from './components/inbox-page';
export { InboxUnreadBadge } from './components/inbox-unread-badge';
