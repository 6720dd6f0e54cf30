/**
 * GET /api/marketing-dashboard/web-analytics?days=N (or from=…&to=…)[&compare=year][&filter=value…]
 * (spec §7: keyed on the path with the days appended, then the comparison when it is not the
 * default and any drill-down filters in a stable order). The Analytics screen and the dashboard
 * home read the same key for the whole site over the default range.
 */
import useSWR from 'swr';
import {
  DEFAULT_ANALYTICS_COMPARISON,
  filterParams,
  periodParams,
  type AnalyticsComparison,
  type AnalyticsFilters,
  type AnalyticsPeriodInput,
  type WebAnalytics,
} from '@lp/contracts';

export type WebAnalyticsAsk = {
  period: AnalyticsPeriodInput;
  compare?: AnalyticsComparison;
  filters?: AnalyticsFilters;
};

/**
 * The query string of an analytics view, in the order every key uses: `first` (a funnel's goals),
 * the period, the comparison when it is not the default, the filters.
 */
export function analyticsQuery(
  { period, compare = DEFAULT_ANALYTICS_COMPARISON, filters = {} }: WebAnalyticsAsk,
  first: [string, string][] = [],
): string {
  return new URLSearchParams([
    ...first,
    ...periodParams(period),
    ...(compare === DEFAULT_ANALYTICS_COMPARISON ? [] : [['compare', compare] as [string, string]]),
    ...filterParams(filters),
  ]).toString();
}

export const webAnalyticsKey = (ask: WebAnalyticsAsk): string =>
  `/api/marketing-dashboard/web-analytics?${analyticsQuery(ask)}`;

export function useWebAnalytics(ask: WebAnalyticsAsk) {
  return useSWR<WebAnalytics>(webAnalyticsKey(ask), { keepPreviousData: true });
}
