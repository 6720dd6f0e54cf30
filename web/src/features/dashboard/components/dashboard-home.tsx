/**
 * Dashboard home: six cards (Contacts, Campaigns, Lists, Open rate, Click rate, Form Responses)
 * with real numbers and their real change since the month began ('—' where there is nothing to
 * compare with), then the website's last 30 days (visits, unique visitors, bounce rate, time on
 * site) from the web-analytics API; a spinner until the stats, the e-mail and the web analytics
 * have answered. Form Responses is crm's count of submissions (the list itself is not downloaded
 * here). Open and click rates come from the mailer's e-mail analytics (last 30 days) and show '—'
 * until an email was sent: no invented numbers. Without the mailer, crm's cards still show their
 * counts, and Campaigns shows '—' under the alert.
 */
import { DEFAULT_ANALYTICS_RANGE } from '@lp/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { useWebAnalytics } from '../../../lib/use-web-analytics';
import { WebAnalyticsHomeCards } from './web-analytics-home-cards';
import { LiveVisitorsCard } from './live-visitors-card';
import { useEmailAnalytics } from '../../../lib/use-email-analytics';
import { useMarketingStats } from '../api/get-stats';
import { StatCard } from './stat-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format-count';

const NO_EMAIL_ANALYTICS = 'Not available yet: open and click rates appear once e-mail campaigns are sent and tracked';
const LAST_30_DAYS = 'Unique human opens and clicks of emails sent in the last 30 days';
const NO_CAMPAIGN_COUNT = 'The e-mail service did not answer: use Try again above';

export function DashboardHome() {
  const stats = useMarketingStats();
  const email = useEmailAnalytics(30);
  const web = useWebAnalytics({ period: { days: DEFAULT_ANALYTICS_RANGE } });
  if (stats.isLoading || email.isLoading || web.isLoading) return <Spinner label="Loading dashboard…" />;
  // Without the mailer, stats still carry crm's counts; only the campaign count is missing.
  const noCampaignCount = stats.data?.totalCampaigns === null;
  const failed = stats.error || noCampaignCount || email.error || web.error;
  const n = (value: number | null | undefined) => (value == null ? '—' : formatCount(value));
  const mail = email.data && email.data.totalSent > 0 ? email.data : undefined;
  const rate = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(1)}%`);
  const changes = stats.data?.changes;
  const mailHint = mail ? LAST_30_DAYS : NO_EMAIL_ANALYTICS;
  const cards = [
    { to: '/marketing/contacts', title: 'Contacts', value: n(stats.data?.totalContacts), change: changes?.contacts },
    {
      to: '/marketing/campaigns',
      title: 'Campaigns',
      value: n(stats.data?.totalCampaigns),
      change: changes?.campaigns,
      hint: noCampaignCount ? NO_CAMPAIGN_COUNT : undefined,
    },
    { to: '/marketing/lists', title: 'Lists', value: n(stats.data?.totalLists), change: changes?.lists },
    { to: '/marketing/analytics', title: 'Open rate', value: rate(mail?.openRate), hint: mailHint },
    { to: '/marketing/analytics', title: 'Click rate', value: rate(mail?.clickRate), hint: mailHint },
    {
      to: '/marketing/submissions',
      title: 'Form Responses',
      value: n(stats.data?.totalSubmissions),
      change: changes?.submissions,
    },
  ];

  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">Dashboard</h1>
      {failed && (
        <div className="mt-4">
          <ErrorState
            message="Some figures could not be loaded."
            onRetry={() => void Promise.all([stats.mutate(), email.mutate(), web.mutate()])}
          />
        </div>
      )}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <StatCard key={c.title} {...c} />
        ))}
      </div>
      <LiveVisitorsCard />
      <WebAnalyticsHomeCards data={web.data} failed={!!web.error} />
    </>
  );
}
