/**
 * Dashboard home: six cards (Contacts, Campaigns, Lists, Open rate, Click rate, Form Responses),
 * then the website's last 30 days (visits, unique visitors, bounce rate, time on site) from the
 * web-analytics API; a spinner until stats and analytics have loaded. Form Responses is crm's
 * count of submissions (the list itself is not downloaded here). Open and click rates show '—'
 * until e-mail analytics exist: no invented numbers.
 */
import { DEFAULT_ANALYTICS_RANGE } from '@lp/contracts';
import { useWebAnalytics, WebAnalyticsHomeCards } from '../../analytics';
import { useMarketingStats } from '../api/get-stats';
import { StatCard } from './stat-card';
import { Spinner } from './spinner';

const NO_EMAIL_ANALYTICS = 'Not available yet: open and click rates appear once e-mail campaigns are sent and tracked';

export function DashboardHome() {
  const stats = useMarketingStats();
  const web = useWebAnalytics(DEFAULT_ANALYTICS_RANGE);
  if (stats.isLoading || web.isLoading) return <Spinner label="Loading dashboard…" />;
  const failed = stats.error || web.error;
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
        <StatCard to="/marketing/analytics" title="Open rate" value="—" hint={NO_EMAIL_ANALYTICS} />
        <StatCard to="/marketing/analytics" title="Click rate" value="—" hint={NO_EMAIL_ANALYTICS} />
        <StatCard to="/marketing/submissions" title="Form Responses" value={n(stats.data?.totalSubmissions)} />
      </div>
      <WebAnalyticsHomeCards data={web.data} failed={!!web.error} />
    </>
  );
}
