/**
 * Dashboard home: six cards (Contacts, Campaigns, Lists, Open rate, Click rate, Form Responses),
 * a spinner until the stats have loaded. Form Responses is crm's count of submissions (the list
 * itself is not downloaded here). Open and click rates come from the mailer's e-mail analytics
 * (last 30 days) and show '—' until an email was sent: no invented numbers.
 */
import { useEmailAnalytics } from '../../email';
import { useMarketingStats } from '../api/get-stats';
import { StatCard } from './stat-card';
import { Spinner } from './spinner';

const NO_EMAIL_ANALYTICS = 'Not available yet: open and click rates appear once e-mail campaigns are sent and tracked';
const LAST_30_DAYS = 'Unique human opens and clicks of emails sent in the last 30 days';

export function DashboardHome() {
  const stats = useMarketingStats();
  const email = useEmailAnalytics(30);
  if (stats.isLoading || email.isLoading) return <Spinner label="Loading dashboard…" />;
  const failed = stats.error || email.error;
  const rate = (r: number | undefined) => (r === undefined || !email.data?.totalSent ? '—' : `${r.toFixed(1)}%`);
  const n = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));

  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">Dashboard</h1>
      {failed && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          Some figures could not be loaded. Please refresh the page.
        </p>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard to="/marketing/contacts" title="Contacts" value={n(stats.data?.totalContacts)} />
        <StatCard to="/marketing/campaigns" title="Campaigns" value={n(stats.data?.totalCampaigns)} />
        <StatCard to="/marketing/lists" title="Lists" value={n(stats.data?.totalLists)} />
        <StatCard
          to="/marketing/analytics"
          title="Open rate"
          value={rate(email.data?.openRate)}
          hint={email.data?.totalSent ? LAST_30_DAYS : NO_EMAIL_ANALYTICS}
        />
        <StatCard
          to="/marketing/analytics"
          title="Click rate"
          value={rate(email.data?.clickRate)}
          hint={email.data?.totalSent ? LAST_30_DAYS : NO_EMAIL_ANALYTICS}
        />
        <StatCard to="/marketing/submissions" title="Form Responses" value={n(stats.data?.totalSubmissions)} />
      </div>
    </>
  );
}
