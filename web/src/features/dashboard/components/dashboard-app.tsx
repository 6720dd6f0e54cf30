/**
 * The staff dashboard's root (lazy chunk, /marketing and /marketing/*): checks the session on
 * load, shows the login screen or the shell, and drops the in-memory token when left.
 */
import { useEffect } from 'react';
import { SwrProvider } from '../../../components/swr-provider';
import { setBearerToken } from '../../../lib/api-request';
import { useSession } from '../api/get-session';
import { LoginScreen } from './login-screen';
import { DashboardShell } from './dashboard-shell';
import { Spinner } from './spinner';

function SessionGate() {
  const { data: session, isLoading, error } = useSession();
  if (isLoading)
    return (
      <main className="min-h-dvh bg-stone-50">
        <Spinner label="Checking your session…" />
      </main>
    );
  if (error || !session) return <LoginScreen />;
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
