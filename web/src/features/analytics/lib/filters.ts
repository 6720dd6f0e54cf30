/**
 * The Web tab's view as it lives in the screen's URL
 * (`/marketing/analytics?days=90&compare=year&source=google.com&page=/lots/*`, or
 * `?from=2026-10-01&to=2026-10-31` for custom days), so a view can be bookmarked and shared:
 * its period, what it is compared with and its drill-down filters, read back from the query
 * string, written to it, and named for people.
 */
import {
  ANALYTICS_FILTER_KEYS,
  type WebAnalytics,
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_COMPARISON,
  DEFAULT_ANALYTICS_RANGE,
  filterParams,
  filterValueOf,
  isCalendarDay,
  periodInputMessage,
  type AnalyticsComparison,
  type AnalyticsFilterKey,
  type AnalyticsFilters,
  type AnalyticsPeriodInput,
  type AnalyticsRange,
} from '@lp/contracts';
import { fileNamePart } from '../../../lib/download-csv';
import { countryName } from '../../../lib/locations';
import { formatCalendarDay } from '../../../lib/site-time';

/** What a filter is called on screen ("Source is google.com"). */
export const FILTER_LABELS: Record<AnalyticsFilterKey, string> = {
  page: 'Page',
  entry_page: 'Entry page',
  exit_page: 'Exit page',
  source: 'Source',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'Campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
  country: 'Country',
  region: 'Region',
  city: 'City',
};

/** How a filter's value is shown, where it is not shown as written (a country code by its name). */
export const FILTER_VALUE_TEXT: Partial<Record<AnalyticsFilterKey, (value: string) => string>> = {
  country: countryName,
};

/** A filter's value as people read it: its name for a country, `none` for ''. */
export const filterValueText = (key: AnalyticsFilterKey, value: string, none: string): string =>
  value === '' ? none : (FILTER_VALUE_TEXT[key]?.(value) ?? value);

export type WebAnalyticsView = {
  /** The last `days` days, or custom days (`from` and `to`). */
  period: AnalyticsPeriodInput;
  compare: AnalyticsComparison;
  filters: AnalyticsFilters;
};

const VIEW_KEYS = ['days', 'from', 'to', 'compare', ...ANALYTICS_FILTER_KEYS] as const;

/**
 * The view a query string holds: custom days when `from` and `to` make a range the server takes
 * in its form (a later day than today is the server's to refuse, with its message); else the
 * range of `days`, the default when it is none of the ranges.
 */
export function viewOf(params: URLSearchParams): WebAnalyticsView {
  const from = params.get('from');
  const to = params.get('to');
  const custom =
    from !== null && to !== null && isCalendarDay(from) && isCalendarDay(to) && !periodInputMessage({ from, to });
  const days = Number(params.get('days'));
  const filters: AnalyticsFilters = {};
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) filters[key] = filterValueOf(value);
  }
  return {
    period: custom
      ? { from, to }
      : {
          days: (ANALYTICS_RANGES as readonly number[]).includes(days)
            ? (days as AnalyticsRange)
            : DEFAULT_ANALYTICS_RANGE,
        },
    compare: params.get('compare') === 'year' ? 'year' : DEFAULT_ANALYTICS_COMPARISON,
    filters,
  };
}

/** The query string of a view (defaults left out), other parameters kept. */
export function paramsOf(view: WebAnalyticsView, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of VIEW_KEYS) next.delete(key);
  const { period } = view;
  if (period.from !== undefined && period.to !== undefined) {
    next.set('from', period.from);
    next.set('to', period.to);
  } else if (period.days !== undefined && period.days !== DEFAULT_ANALYTICS_RANGE)
    next.set('days', String(period.days));
  if (view.compare !== DEFAULT_ANALYTICS_COMPARISON) next.set('compare', view.compare);
  for (const [key, value] of filterParams(view.filters)) next.set(key, value);
  return next;
}

/** The filters without one of them. */
export function withoutFilter(filters: AnalyticsFilters, key: AnalyticsFilterKey): AnalyticsFilters {
  const { [key]: _removed, ...rest } = filters;
  return rest;
}

/**
 * A table's CSV file name: the table, the range's days and its filters, e.g.
 * `top-pages_2026-10-30_to_2026-11-28_source-google-com.csv`.
 */
export function csvNameOf(table: string, data: Pick<WebAnalytics, 'from' | 'to' | 'filters'>): string {
  const filters = ANALYTICS_FILTER_KEYS.flatMap((k) => {
    const value = data.filters[k];
    return value === undefined ? [] : [`${fileNamePart(k)}-${fileNamePart(value) || 'none'}`];
  });
  return `${[fileNamePart(table), `${data.from}_to_${data.to}`, ...filters].join('_')}.csv`;
}

/** A period's days in words: "Nov 1, 2026 – Nov 15, 2026" (one day: "Nov 1, 2026"). */
export function daysLabel({ from, to }: { from: string; to: string }): string {
  const first = formatCalendarDay(from, { year: true });
  return from === to ? first : `${first} – ${formatCalendarDay(to, { year: true })}`;
}

/** What an answer covers, for headings: "last 30 days", or its custom days. */
export function periodLabel(data: Pick<WebAnalytics, 'custom' | 'days' | 'from' | 'to'>): string {
  return data.custom ? daysLabel(data) : `last ${data.days} days`;
}
