/**
 * The dashboard nav bar (staff spec §2, plus Segments, Campaigns, Lots, Blog, Audit log and, for owners,
 * Staff); Templates, Campaigns and Blog stay active on their sub-routes, and Inbox shows its unread
 * count. On a phone the entries do not fit one row: a Menu button naming the current screen opens
 * them as a column, and choosing one closes it again.
 */
import { useState, type ReactNode } from 'react';
import { NavLink, matchPath, useLocation } from 'react-router-dom';

const ENTRIES = [
  { to: '/marketing', label: 'Dashboard', end: true },
  { to: '/marketing/contacts', label: 'Contacts', end: true },
  { to: '/marketing/lists', label: 'Lists', end: true },
  { to: '/marketing/segments', label: 'Segments', end: true },
  { to: '/marketing/templates', label: 'Templates', end: false },
  { to: '/marketing/send-email', label: 'Send an Email', end: true },
  { to: '/marketing/campaigns', label: 'Campaigns', end: false },
  { to: '/marketing/journeys', label: 'Journeys', end: true },
  { to: '/marketing/inbox', label: 'Inbox', end: true },
  { to: '/marketing/analytics', label: 'Analytics', end: true },
  { to: '/marketing/form-submissions', label: 'Form Submissions', end: true },
  { to: '/marketing/lots', label: 'Lots', end: true },
  { to: '/marketing/blog', label: 'Blog', end: false },
  { to: '/marketing/audit', label: 'Audit log', end: true },
] as const;
/** Shown to owners only. */
const OWNER_ENTRIES = [{ to: '/marketing/staff', label: 'Staff', end: true }] as const;

/** `inboxBadge`: the inbox's unread count beside Inbox, handed in by the staff app. */
export function DashboardNav({ isOwner = false, inboxBadge }: { isOwner?: boolean; inboxBadge?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const entries = [...ENTRIES, ...(isOwner ? OWNER_ENTRIES : [])];
  const current = entries.find((e) => matchPath({ path: e.to, end: e.end }, pathname))?.label ?? 'Dashboard';

  return (
    <nav aria-label="Dashboard" className="mx-auto max-w-7xl px-4 sm:px-6">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="dashboard-nav-entries"
        onClick={() => setOpen((o) => !o)}
        className="mb-2 inline-flex min-h-10 w-full items-center justify-between rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 sm:hidden"
      >
        <span>
          Menu <span className="font-normal text-stone-600">· {current}</span>
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul
        id="dashboard-nav-entries"
        className={`${open ? 'flex' : 'hidden'} flex-col gap-1 pb-2 sm:flex sm:flex-row sm:flex-wrap`}
      >
        {entries.map((e) => (
          <li key={e.to}>
            <NavLink
              to={e.to}
              end={e.end}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                `flex min-h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium sm:inline-flex ${isActive ? 'bg-lake-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`
              }
            >
              {e.label}
              {e.to === '/marketing/inbox' && inboxBadge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
