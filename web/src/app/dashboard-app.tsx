/**
 * The staff dashboard's root (lazy chunk, /marketing and /marketing/*): checks the session on
 * load, shows the login screen or the shell with the staff routes, and drops the in-memory
 * token when left. While a session is confirmed the browser is marked as staff, so the visitor
 * tracker stays silent.
 */
import { useEffect } from 'react';
import { SwrProvider } from '../components/swr-provider';
import { Spinner } from '../components/ui/spinner';
import { markStaffSession } from '../lib/analytics/tracker';
import { setBearerToken } from '../lib/api-request';
import { setSiteTimeZone } from '../lib/site-time';
import { DashboardShell, LoginScreen, useSession } from '../features/dashboard';
import { InboxUnreadBadge } from '../features/inbox';
import { StaffRoutes } from './staff-routes';

function SessionGate() {
  const { data: session, isLoading, error } = useSession();
  // The tracker sends nothing from a browser a staff member is signed in on.
  const signedIn = !isLoading && !error && !!session;
  useEffect(() => {
    if (!isLoading) markStaffSession(signedIn);
  }, [isLoading, signedIn]);
  if (isLoading)
    return (
      <main className="min-h-dvh bg-stone-50">
        <Spinner label="Checking your session…" />
      </main>
    );
  if (error || !session) return <LoginScreen />;
  // Before any screen renders a date: every one is shown in the site's zone.
  setSiteTimeZone(session.timeZone);
  return (
    <DashboardShell user={session.user} inboxBadge={<InboxUnreadBadge />}>
      <StaffRoutes user={session.user} />
    </DashboardShell>
  );
}

export default function DashboardApp() {
  useEffect(() => () => setBearerToken(null), []);
  return (
    <SwrProvider>
      <SessionGate />
    </SwrProvider>
  );
}
