/**
 * Visits and visitors per day as a line or bar chart, with the comparison period's visits as a
 * third series, day by day in the same order (its first day beside the period's first day).
 * Visitors are never more than visits and often equal, so Visits is a wide solid line with round
 * points and Visitors a dashed line with square points drawn over it: both stay visible where
 * they meet; the comparison is a thin dotted grey line with triangles.
 */
import type { WebAnalytics, WebAnalyticsDay } from '@lp/contracts';
import { DaySeriesChart, type ChartSeries, type ChartType } from '../../../components/ui/day-series-chart';

export type { ChartType };

const SERIES: readonly ChartSeries[] = [
  { key: 'visits', name: 'Visits', color: '#0b5a75', dash: '', marker: 'circle' },
  { key: 'visitors', name: 'Visitors', color: '#b8461b', dash: '6 4', marker: 'square' },
];
const COMPARISON_NAMES = { previous: 'Visits, previous period', year: 'Visits, same days last year' } as const;

export function VisitsChart({
  series,
  comparison,
  type,
  width,
}: {
  series: WebAnalyticsDay[];
  comparison?: WebAnalytics['comparison'];
  type: ChartType;
  width?: number;
}) {
  const rows = comparison
    ? series.map((d, i) => ({ ...d, comparisonVisits: comparison.series[i]?.visits ?? 0 }))
    : series;
  const shown: readonly ChartSeries[] = comparison
    ? [
        ...SERIES,
        {
          key: 'comparisonVisits',
          name: COMPARISON_NAMES[comparison.compare],
          color: '#78716c',
          dash: '2 3',
          marker: 'triangle',
        },
      ]
    : SERIES;
  return (
    <DaySeriesChart
      rows={rows}
      dayKey="day"
      series={shown}
      type={type}
      label={
        comparison ? 'visits and visitors per day, and the comparison period’s visits' : 'visits and visitors per day'
      }
      empty="No visits in this range."
      width={width}
    />
  );
}
