/**
 * What an analytics request asks for, resolved against today in the site's time zone: the
 * period (the last N days, or custom days) and the period it is compared with. A custom range
 * that ends after today is refused (400, naming `to`): its days have no figures yet, and a
 * comparison with them would read as a fall.
 */
import {
  comparisonPeriodOf,
  DEFAULT_ANALYTICS_COMPARISON,
  DEFAULT_SITE_TIME_ZONE,
  periodOf,
  siteDayOf,
  type AnalyticsComparison,
  type AnalyticsPeriodInput,
  type SitePeriod,
} from '@lp/contracts';
import { badRequest } from '@lp/runtime';

export type AnalyticsAsk = {
  period: SitePeriod;
  /** True for custom days, false for the last `period.days` days. */
  custom: boolean;
  compare: AnalyticsComparison;
  comparison: SitePeriod;
};

/** The period a request names, checked against today. */
export function periodAsked(
  input: AnalyticsPeriodInput,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): SitePeriod {
  const period = periodOf(input, now, timeZone);
  const today = siteDayOf(now, timeZone);
  if (period.to > today)
    throw badRequest('Some fields need attention', {
      fields: { to: [`The last day can be today (${today}) at the latest`] },
    });
  return period;
}

export function askOf(
  input: AnalyticsPeriodInput & { compare?: AnalyticsComparison },
  now: Date = new Date(),
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): AnalyticsAsk {
  const period = periodAsked(input, now, timeZone);
  const compare = input.compare ?? DEFAULT_ANALYTICS_COMPARISON;
  return {
    period,
    custom: input.from !== undefined,
    compare,
    comparison: comparisonPeriodOf(period, compare),
  };
}
