/**
 * The signed-in shell: header 'Marketing Dashboard' with Logout, the nav bar, and the screen
 * for the path (its children: the staff route table, app/staff-routes). The header names the
 * time zone every date is shown in.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { StaffUser } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { timeZoneLabel } from '../../../lib/site-time';
import { logout } from '../api/logout';
import { DashboardNav } from './dashboard-nav';
import { SkipLink } from '../../../components/layout/skip-link';

type Props = { user: StaffUser; inboxBadge?: ReactNode; children: ReactNode };

export function DashboardShell({ user, inboxBadge, children }: Props) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The session is dropped locally either way; the server expires it.
    }
    await mutate(() => true, undefined, { revalidate: false });
    await mutate('/api/marketing/auth/session', null, { revalidate: false });
    navigate('/marketing');
    toast({ title: 'Logged out', description: 'You have been logged out successfully' });
  };

  return (
    <div className="min-h-dvh bg-stone-50">
      <SkipLink />
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <p className="text-xl font-bold text-lake-900">Marketing Dashboard</p>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-stone-600 sm:inline">
              Signed in as {user.username} · Times in {timeZoneLabel()}
            </span>
            <button
              type="button"
              onClick={onLogout}
              className="min-h-10 rounded-md px-4 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Logout
            </button>
          </div>
        </div>
        <DashboardNav isOwner={user.role === 'owner'} inboxBadge={inboxBadge} />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
