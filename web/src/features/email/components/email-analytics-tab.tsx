/**
 * The Analytics screen's Email Analytics tab (the screen and its tabs are the analytics feature's): a time range (7, 30, 90 or 365
 * days; 30 by default), a chart type (line or bar), the stat cards (open, click and bounce rates
 * with one decimal, emails sent) and a refresh action; the chart shows sent, opened and clicked
 * per day of the range (site time zone, the zone named under it). Rates are unique human opens
 * and clickers over delivered emails.
 */
import { useState } from 'react';
import { controlClass } from '../../../components/form/form-field';
import { DaySeriesChart, type ChartSeries } from '../../../components/ui/day-series-chart';
import { dialogButton } from '../../../components/ui/dialog';
import { useEmailAnalytics } from '../api/email-analytics';
import { formatCount } from '../../../lib/format-count';

const RANGES = [7, 30, 90, 365] as const;
// Opened and clicked are often equal (or both 0): colour, dash and marker keep them apart.
const SERIES: readonly ChartSeries[] = [
  { key: 'sent', name: 'Sent', color: '#0f4c5c', dash: '', marker: 'circle' },
  { key: 'opens', name: 'Opened', color: '#2a9d8f', dash: '6 4', marker: 'square' },
  { key: 'clicks', name: 'Clicked', color: '#c2410c', dash: '2 3', marker: 'triangle' },
];

export function EmailAnalyticsTab() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [kind, setKind] = useState<'line' | 'bar'>('line');
  const { data, error, isLoading, mutate } = useEmailAnalytics(days);
  const cards: [string, string][] = data
    ? [
        ['Open rate', `${data.openRate.toFixed(1)}%`],
        ['Click rate', `${data.clickRate.toFixed(1)}%`],
        ['Bounce rate', `${data.bounceRate.toFixed(1)}%`],
        ['Emails sent', formatCount(data.totalSent)],
      ]
    : [];
  return (
    <div>
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="analytics-range" className="block text-sm font-medium text-stone-800">
            Time range
          </label>
          <select
            id="analytics-range"
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as typeof days)}
            className={controlClass}
          >
            {RANGES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="analytics-chart" className="block text-sm font-medium text-stone-800">
            Chart type
          </label>
          <select
            id="analytics-chart"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'line' | 'bar')}
            className={controlClass}
          >
            <option value="line">Line</option>
            <option value="bar">Bar</option>
          </select>
        </div>
        <button type="button" className={dialogButton.cancel} onClick={() => void mutate()}>
          Refresh
        </button>
      </div>
      {isLoading && <p className="mt-6">Loading analytics…</p>}
      {error && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
          Email analytics could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {cards.map(([k, v]) => (
              <div key={k} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                <dt className="text-sm text-stone-600">{k}</dt>
                <dd className="mt-1 text-2xl font-bold text-lake-900">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <h2 className="mb-3 text-base font-semibold text-lake-900">Emails per day, last {days} days</h2>
            <DaySeriesChart
              rows={data.series}
              dayKey="date"
              series={SERIES}
              type={kind}
              label="emails sent, opened and clicked per day"
              empty="No emails sent in this period."
            />
          </div>
        </>
      )}
    </div>
  );
}
