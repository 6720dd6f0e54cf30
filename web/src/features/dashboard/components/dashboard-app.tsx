/**
 * The staff dashboard's root (lazy chunk, /marketing and /marketing/*): checks the session on
 * load, shows the login screen or the shell, and drops the in-memory token when left. While a
 * session is confirmed the browser is marked as staff, so the visitor tracker stays silent.
 */
import { useEffect } from 'react';
import { SwrProvider } from '../../../components/swr-provider';
import { markStaffSession } from '../../../lib/analytics/tracker';
import { setBearerToken } from '../../../lib/api-request';
import { setSiteTimeZone } from '../../../lib/site-time';
import { useSession } from '../api/get-session';
import { LoginScreen } from './login-screen';
import { DashboardShell } from './dashboard-shell';
import { Spinner } from '../../../components/ui/spinner';

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
  return <DashboardShell user={session.user} />;
}

export default function DashboardApp() {
  useEffect(() => () => setBearerToken(null), []);
  return (
    <SwrProvider>
      <SessionGate />
    </SwrProvider>
  );
}
