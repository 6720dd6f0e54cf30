/**
 * The selectors of an analytics tab (web and e-mail): the time range (7, 30, 90 or 365 days)
 * and the chart type (line or bar).
 */
import { ANALYTICS_RANGES, type AnalyticsRange } from '@lp/contracts';
import type { ChartType } from './day-series-chart';
import { Select } from './select';

export const RANGE_OPTIONS = ANALYTICS_RANGES.map((d) => ({
  value: String(d) as `${AnalyticsRange}`,
  label: `Last ${d} days`,
}));
export const CHART_OPTIONS = [
  { value: 'line', label: 'Line' },
  { value: 'bar', label: 'Bar' },
] as const;

type Props = {
  days: AnalyticsRange;
  onDays: (days: AnalyticsRange) => void;
  chart: ChartType;
  onChart: (chart: ChartType) => void;
};

export function RangeAndChartSelects({ days, onDays, chart, onChart }: Props) {
  return (
    <>
      <Select
        label="Time range"
        value={String(days) as `${AnalyticsRange}`}
        options={RANGE_OPTIONS}
        onChange={(v) => onDays(Number(v) as AnalyticsRange)}
      />
      <Select label="Chart type" value={chart} options={CHART_OPTIONS} onChange={onChart} />
    </>
  );
}
