/**
 * The dashboard home's website cards: the last 30 days' visits, unique visitors, bounce rate
 * and time on site with their change, from the same API (and SWR key) as the Analytics screen.
 */
import { Link } from 'react-router-dom';
import { DEFAULT_ANALYTICS_RANGE, type WebAnalytics } from '@lp/contracts';
import { formatChange, formatCount, formatDuration, formatRate } from '../../../lib/format-analytics';

type Props = { data: WebAnalytics | undefined; failed: boolean };

const FIGURES = [
  { key: 'totalVisits', title: 'Website visits', show: formatCount, kind: 'relative' },
  { key: 'uniqueVisitors', title: 'Unique visitors', show: formatCount, kind: 'relative' },
  { key: 'bounceRate', title: 'Bounce rate', show: formatRate, kind: 'points' },
  { key: 'averageTimeOnSite', title: 'Time on site', show: formatDuration, kind: 'relative' },
] as const;

export function WebAnalyticsHomeCards({ data, failed }: Props) {
  // No change to show against a period without visits.
  const compare = !!data && data.previous.totalVisits > 0;
  const cards = FIGURES.map((f) => ({
    title: f.title,
    value: data && f.show(data[f.key]),
    change: compare && data && formatChange(data[f.key], data.previous[f.key], f.kind),
  }));
  return (
    <section aria-labelledby="home-web-analytics" className="mt-8">
      <h2 id="home-web-analytics" className="text-lg font-semibold text-lake-900">
        Website, last {DEFAULT_ANALYTICS_RANGE} days
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <Link
            key={c.title}
            to="/marketing/analytics"
            className="block rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200 hover:ring-lake-600"
          >
            <h3 className="text-sm font-medium text-stone-600">{c.title}</h3>
            <p className="mt-2 text-3xl font-bold text-lake-900">{failed || !c.value ? '—' : c.value}</p>
            <p className="mt-1 text-sm text-stone-600">
              {c.change ? `${c.change} vs previous ${DEFAULT_ANALYTICS_RANGE} days` : ' '}
            </p>
          </Link>
        ))}
      </div>
    </section>
  );
}
