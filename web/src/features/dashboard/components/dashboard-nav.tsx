/** The dashboard nav bar (staff spec §2, plus Lots and Blog); Templates and Blog stay active on their sub-routes. */
import { NavLink } from 'react-router-dom';

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
] as const;

export function DashboardNav() {
  return (
    <nav aria-label="Dashboard" className="mx-auto max-w-7xl overflow-x-auto px-4 sm:px-6">
      <ul className="flex gap-1 pb-2">
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <NavLink
              to={e.to}
              end={e.end}
              className={({ isActive }) =>
                `inline-flex min-h-10 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium ${isActive ? 'bg-lake-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`
              }
            >
              {e.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
