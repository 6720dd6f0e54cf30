/**
 * The Analytics screen's Email Analytics tab (the screen and its tabs are the analytics
 * feature's): a time range (7, 30, 90 or 365 days; 30 by default) and a chart type (line or bar)
 * as on the Web tab, the stat cards (open, click and bounce rates with one decimal, emails sent)
 * and a refresh action; the chart shows sent, opened and clicked per day of the range (site time
 * zone, the zone named under it). Rates are unique human opens and clickers over delivered emails.
 */
import { ErrorAlert } from '../../../components/ui/error-state';
import { useState } from 'react';
import { DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@lp/contracts';
import { RangeAndChartSelects } from '../../../components/ui/analytics-controls';
import { Card } from '../../../components/ui/card';
import { DaySeriesChart, type ChartSeries, type ChartType } from '../../../components/ui/day-series-chart';
import { dialogButton } from '../../../components/ui/dialog';
import { StatCards } from '../../../components/ui/stat-cards';
import { useEmailAnalytics } from '../../../lib/use-email-analytics';
import { formatCount } from '../../../lib/format-count';

// Opened and clicked are often equal (or both 0): colour, dash and marker keep them apart.
const SERIES: readonly ChartSeries[] = [
  { key: 'sent', name: 'Sent', color: '#0f4c5c', dash: '', marker: 'circle' },
  { key: 'opens', name: 'Opened', color: '#2a9d8f', dash: '6 4', marker: 'square' },
  { key: 'clicks', name: 'Clicked', color: '#c2410c', dash: '2 3', marker: 'triangle' },
];

export function EmailAnalyticsTab() {
  const [days, setDays] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [kind, setKind] = useState<ChartType>('line');
  const { data, error, isLoading, mutate } = useEmailAnalytics(days);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <RangeAndChartSelects days={days} onDays={setDays} chart={kind} onChart={setKind} />
        <button type="button" className={dialogButton.cancel} onClick={() => void mutate()}>
          Refresh
        </button>
      </div>
      {isLoading && <p>Loading analytics…</p>}
      {error && <ErrorAlert>Email analytics could not be loaded. Please try again.</ErrorAlert>}
      {data && (
        <>
          <StatCards
            cards={[
              {
                title: 'Open rate',
                value: `${data.openRate.toFixed(1)}%`,
                footnote: 'of delivered messages',
                definition:
                  'Messages opened by a person at least once, per 100 delivered (sent less bounced). Machine opens — Apple Mail Privacy Protection and other proxies that fetch images on delivery — are not counted.',
              },
              {
                title: 'Click rate',
                value: `${data.clickRate.toFixed(1)}%`,
                footnote: 'of delivered messages',
                definition:
                  'Messages whose links a person followed at least once, per 100 delivered (sent less bounced). Link scanners that follow every link on delivery are not counted.',
              },
              {
                title: 'Bounce rate',
                value: `${data.bounceRate.toFixed(1)}%`,
                footnote: 'of messages sent',
              },
              { title: 'Emails sent', value: formatCount(data.totalSent) },
            ]}
          />
          <Card title={`Emails per day, last ${days} days`}>
            <DaySeriesChart
              rows={data.series}
              dayKey="date"
              series={SERIES}
              type={kind}
              label="emails sent, opened and clicked per day"
              empty="No emails sent in this period."
            />
          </Card>
        </>
      )}
    </div>
  );
}
