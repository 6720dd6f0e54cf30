/**
 * The Web tab's period controls: the time range (the last 7, 30, 90 or 365 days, or a custom
 * range of days picked in a small form), what the figures are compared with (the previous
 * period or the same days a year earlier) and the chart type. A custom range is checked before
 * it is asked for (both days, in order, at most 366 days, today at the latest), with the reason
 * shown beside the fields; the applied range lives in the URL like the rest of the view.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  ANALYTICS_COMPARISONS,
  periodInputMessage,
  type AnalyticsComparison,
  type AnalyticsPeriodInput,
  type AnalyticsRange,
} from '@lp/contracts';
import { CHART_OPTIONS, RANGE_OPTIONS } from '../../../components/ui/analytics-controls';
import type { ChartType } from '../../../components/ui/day-series-chart';
import { Select } from '../../../components/ui/select';
import { formatCalendarDay, siteDayOf } from '../../../lib/site-time';

const CUSTOM = 'custom';
const PERIOD_OPTIONS = [...RANGE_OPTIONS, { value: CUSTOM, label: 'Custom range' }] as const;
type PeriodOption = (typeof PERIOD_OPTIONS)[number]['value'];

export const COMPARISON_LABELS: Record<AnalyticsComparison, string> = {
  previous: 'Previous period',
  year: 'Same period last year',
};
const COMPARISON_OPTIONS = ANALYTICS_COMPARISONS.map((value) => ({ value, label: COMPARISON_LABELS[value] }));

type Days = { from: string; to: string };

/** Why a custom range cannot be asked for, in words for the form; null when it can. */
export function customRangeMessage({ from, to }: Days, today: string): string | null {
  if (!from || !to) return 'Choose the first and the last day.';
  if (to > today) return `The last day can be today (${formatCalendarDay(today, { year: true })}) at the latest.`;
  const message = periodInputMessage({ from, to });
  return message === null ? null : `${message}.`;
}

function DayField(props: {
  label: string;
  value: string;
  max: string;
  onChange: (day: string) => void;
  describedBy: string | undefined;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
      {props.label}
      <input
        type="date"
        value={props.value}
        max={props.max}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.describedBy !== undefined}
        aria-describedby={props.describedBy}
        className="min-h-10 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-900 focus:border-lake-600 focus:outline-none focus:ring-2 focus:ring-lake-600/30 aria-[invalid=true]:border-red-700"
      />
    </label>
  );
}

function CustomRangeForm({ applied, onApply }: { applied: Days; onApply: (days: Days) => void }) {
  const [from, setFrom] = useState(applied.from);
  const [to, setTo] = useState(applied.to);
  const [message, setMessage] = useState<string | null>(null);
  const messageId = useId();
  // When the applied range changes (the browser's Back, a shared link), the fields follow it.
  useEffect(() => {
    setFrom(applied.from);
    setTo(applied.to);
    setMessage(null);
  }, [applied.from, applied.to]);
  const today = siteDayOf(new Date());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = customRangeMessage({ from, to }, today);
    setMessage(problem);
    if (problem === null) onApply({ from, to });
  };
  // Both fields are marked while the range they make is refused, and point at the reason.
  const describedBy = message ? messageId : undefined;
  return (
    <form noValidate onSubmit={submit} aria-label="Custom range" className="flex flex-wrap items-center gap-2">
      <DayField label="From" value={from} max={today} onChange={setFrom} describedBy={describedBy} />
      <DayField label="To" value={to} max={today} onChange={setTo} describedBy={describedBy} />
      <button
        type="submit"
        className="min-h-10 rounded-md bg-lake-800 px-4 text-sm font-semibold text-white hover:bg-lake-900"
      >
        Apply
      </button>
      {message && (
        <p id={messageId} role="alert" className="basis-full text-sm text-red-800">
          {message}
        </p>
      )}
    </form>
  );
}

type Props = {
  period: AnalyticsPeriodInput;
  /** The days on screen, to start a custom range from. */
  shown: Days | undefined;
  onPeriod: (period: AnalyticsPeriodInput) => void;
  compare: AnalyticsComparison;
  onCompare: (compare: AnalyticsComparison) => void;
  chart: ChartType;
  onChart: (chart: ChartType) => void;
};

export function PeriodControls({ period, shown, onPeriod, compare, onCompare, chart, onChart }: Props) {
  const custom = period.from !== undefined && period.to !== undefined;
  // "Custom range" chosen and not applied yet: the figures stay those of the range before. It
  // ends when the period in the address changes (applied, a preset, the browser's Back), so the
  // form stays in place, focus and all, while the applied range takes over.
  const [picking, setPicking] = useState(false);
  useEffect(() => setPicking(false), [period.days, period.from, period.to]);
  const value: PeriodOption = custom || picking ? CUSTOM : (String(period.days) as `${AnalyticsRange}`);
  const applied: Days = custom ? { from: period.from!, to: period.to! } : (shown ?? { from: '', to: '' });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Select
        label="Time range"
        value={value}
        options={PERIOD_OPTIONS}
        onChange={(v) => {
          if (v === CUSTOM) return setPicking(true);
          // Back to the range on screen too: the address may not change, so the form goes here.
          setPicking(false);
          onPeriod({ days: Number(v) as AnalyticsRange });
        }}
      />
      {(custom || picking) && <CustomRangeForm applied={applied} onApply={onPeriod} />}
      <Select label="Compare with" value={compare} options={COMPARISON_OPTIONS} onChange={onCompare} />
      <Select label="Chart type" value={chart} options={CHART_OPTIONS} onChange={onChart} />
    </div>
  );
}
