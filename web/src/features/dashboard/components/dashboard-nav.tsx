/**
 * The dashboard nav bar (staff spec §2, plus Lots, Blog, Audit log and, for owners, Staff);
 * Templates and Blog stay active on their sub-routes, and Inbox shows its unread count.
 */
import { NavLink } from 'react-router-dom';
import { InboxUnreadBadge } from '../../inbox';

const ENTRIES = [
  { to: '/marketing', label: 'Dashboard', end: true },
  { to: '/marketing/contacts', label: 'Contacts', end: true },
  { to: '/marketing/lists', label: 'Lists', end: true },
  { to: '/marketing/templates', label: 'Templates', end: false },
  { to: '/marketing/send-email', label: 'Send an Email', end: true },
  { to: '/marketing/inbox', label: 'Inbox', end: true },
  { to: '/marketing/analytics', label: 'Analytics', end: true },
  { to: '/marketing/form-submissions', label: 'Form Submissions', end: true },
  { to: '/marketing/lots', label: 'Lots', end: true },
  { to: '/marketing/blog', label: 'Blog', end: false },
  { to: '/marketing/audit', label: 'Audit log', end: true },
] as const;
/** Shown to owners only. */
const OWNER_ENTRIES = [{ to: '/marketing/staff', label: 'Staff', end: true }] as const;

export function DashboardNav({ isOwner = false }: { isOwner?: boolean }) {
  return (
    <nav aria-label="Dashboard" className="mx-auto max-w-7xl overflow-x-auto px-4 sm:px-6">
      <ul className="flex gap-1 pb-2">
        {[...ENTRIES, ...(isOwner ? OWNER_ENTRIES : [])].map((e) => (
          <li key={e.to}>
            <NavLink
              to={e.to}
              end={e.end}
              className={({ isActive }) =>
                `inline-flex min-h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium ${isActive ? 'bg-lake-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`
              }
            >
              {e.label}
              {e.to === '/marketing/inbox' && <InboxUnreadBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
