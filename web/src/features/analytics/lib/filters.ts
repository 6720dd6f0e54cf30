/**
 * The Web tab's drill-down filters and range as they live in the screen's URL
 * (`/marketing/analytics?days=90&source=google.com&page=/lots/*`), so a filtered view can be
 * bookmarked and shared: read back from the query string, written to it, and named for people.
 */
import {
  ANALYTICS_FILTER_KEYS,
  type WebAnalytics,
  ANALYTICS_RANGES,
  DEFAULT_ANALYTICS_RANGE,
  FILTER_NONE,
  filterParams,
  type AnalyticsFilterKey,
  type AnalyticsFilters,
  type AnalyticsRange,
} from '@lp/contracts';
import { fileNamePart } from '../../../lib/download-csv';

/** What a filter is called on screen ("Source is google.com"). */
export const FILTER_LABELS: Record<AnalyticsFilterKey, string> = {
  page: 'Page',
  entry_page: 'Entry page',
  source: 'Source',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'Campaign',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
};

export type WebAnalyticsView = { days: AnalyticsRange; filters: AnalyticsFilters };

/** The range and filters a query string holds; an unknown range is the default one. */
export function viewOf(params: URLSearchParams): WebAnalyticsView {
  const days = Number(params.get('days'));
  const filters: AnalyticsFilters = {};
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) filters[key] = value === FILTER_NONE ? '' : value;
  }
  return {
    days: (ANALYTICS_RANGES as readonly number[]).includes(days) ? (days as AnalyticsRange) : DEFAULT_ANALYTICS_RANGE,
    filters,
  };
}

/** The query string of a view (the default range left out), other parameters kept. */
export function paramsOf(view: WebAnalyticsView, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('days');
  for (const key of ANALYTICS_FILTER_KEYS) next.delete(key);
  if (view.days !== DEFAULT_ANALYTICS_RANGE) next.set('days', String(view.days));
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
