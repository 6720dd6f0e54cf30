/**
 * Visits and visitors per day as a line or bar chart. Visitors are never more than visits and
 * often equal, so Visits is a wide solid line with round points and Visitors a dashed line with
 * square points drawn over it: both stay visible where they meet.
 */
import type { WebAnalyticsDay } from '@lp/contracts';
import { DaySeriesChart, type ChartSeries, type ChartType } from '../../../components/ui/day-series-chart';

export type { ChartType };

const SERIES: readonly ChartSeries[] = [
  { key: 'visits', name: 'Visits', color: '#0b5a75', dash: '', marker: 'circle' },
  { key: 'visitors', name: 'Visitors', color: '#b8461b', dash: '6 4', marker: 'square' },
];

export function VisitsChart({ series, type, width }: { series: WebAnalyticsDay[]; type: ChartType; width?: number }) {
  return (
    <DaySeriesChart
      rows={series}
      dayKey="day"
      series={SERIES}
      type={type}
      label="visits and visitors per day"
      empty="No visits in this range."
      width={width}
    />
  );
}
