/**
 * The days an analytics answer covers, as staff choose them on the Analytics screen: the last 7,
 * 30, 90 or 365 days (today included, spec §9) or custom days, and the days it is compared with
 * (the period just before, of the same length, or the same days a year earlier). Days are
 * calendar days in the site's time zone (site-days.ts), both ends included.
 */
import * as v from 'valibot';
import { addDays, DEFAULT_SITE_TIME_ZONE, siteDayOf } from './site-days.ts';

/** The ranges the dashboard offers (spec §9), in days; 30 is the default. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

/** The longest custom range: a year, leap day included. */
export const CUSTOM_RANGE_MAX_DAYS = 366;

/** What a period is compared with: the one just before it, or the same days a year earlier. */
export const ANALYTICS_COMPARISONS = ['previous', 'year'] as const;
export type AnalyticsComparison = (typeof ANALYTICS_COMPARISONS)[number];
export const DEFAULT_ANALYTICS_COMPARISON: AnalyticsComparison = 'previous';

/** A period's first and last day (YYYY-MM-DD, both included) and how many days it has. */
export type SitePeriod = { from: string; to: string; days: number };

/** `YYYY-MM-DD` naming a day of the calendar (2026-02-30 is none). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The days from `from` to `to`, both included (1 when they are the same day). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The same calendar day a year earlier; 29 February becomes the 28th. */
export function sameDayLastYear(day: string): string {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  const earlier = `${year}${day.slice(4)}`;
  return isCalendarDay(earlier) ? earlier : `${year}${day.slice(4, 8)}28`;
}

/** What a request asks for: custom days (`from` and `to`), else the last `days` days (30 when absent). */
export type AnalyticsPeriodInput = { days?: AnalyticsRange; from?: string; to?: string };

export function periodOf(
  input: AnalyticsPeriodInput,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): SitePeriod {
  if (input.from !== undefined && input.to !== undefined)
    return { from: input.from, to: input.to, days: dayCount(input.from, input.to) };
  const days = input.days ?? DEFAULT_ANALYTICS_RANGE;
  const to = siteDayOf(now, timeZone);
  return { from: addDays(to, 1 - days), to, days };
}

/** A period as query-string pairs: `from` and `to` for custom days, else `days` (in that order). */
export function periodParams(p: AnalyticsPeriodInput): [string, string][] {
  if (p.from !== undefined && p.to !== undefined)
    return [
      ['from', p.from],
      ['to', p.to],
    ];
  return [['days', String(p.days ?? DEFAULT_ANALYTICS_RANGE)]];
}

/** The period a period is compared with. */
export function comparisonPeriodOf(period: SitePeriod, compare: AnalyticsComparison): SitePeriod {
  if (compare === 'previous')
    return { from: addDays(period.from, -period.days), to: addDays(period.from, -1), days: period.days };
  const from = sameDayLastYear(period.from);
  const to = sameDayLastYear(period.to);
  return { from, to, days: dayCount(from, to) };
}

/**
 * The custom range's rules, one message each, named by the field to fix: both ends or neither,
 * not with `days`, in order, at most CUSTOM_RANGE_MAX_DAYS. (Whether it ends after today depends
 * on the site's time zone: the analytics service checks that.)
 */
function periodIssue(p: AnalyticsPeriodInput): { field: 'from' | 'to' | 'days'; message: string } | null {
  const { from, to } = p;
  if (from === undefined && to === undefined) return null;
  if (p.days !== undefined)
    return { field: 'days', message: 'Give either days or a custom range (from and to), not both' };
  if (from === undefined) return { field: 'from', message: 'A custom range needs its first day (from)' };
  if (to === undefined) return { field: 'to', message: 'A custom range needs its last day (to)' };
  if (from > to) return { field: 'to', message: 'The last day must be on or after the first' };
  if (dayCount(from, to) > CUSTOM_RANGE_MAX_DAYS)
    return { field: 'to', message: `A custom range is at most ${CUSTOM_RANGE_MAX_DAYS} days` };
  return null;
}

/** The message for a period's input, or null when it is whole: for forms that check before asking. */
export function periodInputMessage(p: AnalyticsPeriodInput): string | null {
  return periodIssue(p)?.message ?? null;
}

const calendarDay = (given: string) =>
  v.pipe(v.string(given), v.check(isCalendarDay, 'A day is written YYYY-MM-DD (2026-11-01)'));

/** Adds the custom range's rules to an object schema holding days, from and to. */
export function withPeriodRules<S extends v.GenericSchema<unknown, AnalyticsPeriodInput>>(schema: S) {
  return v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const issue = periodIssue(dataset.value);
      if (issue)
        addIssue({
          message: issue.message,
          path: [
            {
              type: 'object',
              origin: 'value',
              input: dataset.value,
              key: issue.field,
              value: dataset.value[issue.field],
            },
          ],
        });
    }),
  );
}

/** `?days=` as a query string gives it: one of the ranges (a repeated key is no range). */
export const AnalyticsDaysParamSchema = v.pipe(
  v.string(),
  v.transform(Number),
  v.picklist(ANALYTICS_RANGES, `days must be one of ${ANALYTICS_RANGES.join(', ')}`),
);

/** `?days=` of the analytics routes: one of the ranges, 30 when absent; anything else is a 400. */
export const AnalyticsRangeQuerySchema = v.object({
  days: v.optional(AnalyticsDaysParamSchema, String(DEFAULT_ANALYTICS_RANGE)),
});

/** The query-string options of a period: `days`, or `from` and `to` (each at most once). */
export const ANALYTICS_PERIOD_QUERY_ENTRIES = {
  days: v.optional(AnalyticsDaysParamSchema),
  from: v.optional(calendarDay('A day may be given once')),
  to: v.optional(calendarDay('A day may be given once')),
};

/** `?days=` or `?from=&to=`: the last N days (30 when neither), or custom days. */
export const AnalyticsPeriodQuerySchema = withPeriodRules(
  v.strictObject(ANALYTICS_PERIOD_QUERY_ENTRIES, 'The options are days, or from and to'),
);

/** The period in an RPC's input. */
export const ANALYTICS_PERIOD_INPUT_ENTRIES = {
  days: v.optional(v.picklist(ANALYTICS_RANGES)),
  from: v.optional(calendarDay('A day is text')),
  to: v.optional(calendarDay('A day is text')),
};

export const AnalyticsPeriodInputSchema = withPeriodRules(v.object(ANALYTICS_PERIOD_INPUT_ENTRIES));

/** `compare=previous|year` in a query string or an RPC's input (previous when absent). */
export const AnalyticsComparisonSchema = v.picklist(
  ANALYTICS_COMPARISONS,
  `compare must be one of ${ANALYTICS_COMPARISONS.join(', ')}`,
);

/** A period as an answer states it. */
export const SitePeriodSchema = v.object({
  from: v.pipe(v.string(), v.check(isCalendarDay)),
  to: v.pipe(v.string(), v.check(isCalendarDay)),
  days: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
