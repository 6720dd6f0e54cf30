/**
 * The periods of the Analytics screen: custom days and their rules as the API states them, the
 * last N days in the site's time zone, and the period each is compared with (leap days included).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AnalyticsPeriodQuerySchema,
  comparisonPeriodOf,
  dayCount,
  isCalendarDay,
  periodOf,
  periodParams,
  sameDayLastYear,
} from './analytics-period.ts';
import { fieldErrorsOf } from './envelope.ts';
import { WebAnalyticsQuerySchema } from './web-analytics.ts';

const errorsOf = (schema: v.GenericSchema, query: Record<string, unknown>) => {
  const r = v.safeParse(schema, query);
  return r.success ? null : fieldErrorsOf(r.issues);
};

describe('analytics periods', () => {
  it('knows calendar days and counts them, both ends included', () => {
    expect(['2026-11-01', '2028-02-29'].map(isCalendarDay)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '', 'today'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(dayCount('2026-11-01', '2026-11-01')).toBe(1);
    // Across the change to standard time and a leap day: calendar days, not 24-hour blocks.
    expect(dayCount('2027-12-31', '2028-12-31')).toBe(367);
  });

  it('reads the last N days in the site time zone, and custom days as they are', () => {
    // 20:00 in Phoenix on 25 Nov is already 26 Nov in UTC.
    const now = new Date('2026-11-26T03:00:00Z');
    expect(periodOf({ days: 7 }, now, 'America/Phoenix')).toEqual({ from: '2026-11-19', to: '2026-11-25', days: 7 });
    expect(periodOf({}, now, 'UTC')).toEqual({ from: '2026-10-28', to: '2026-11-26', days: 30 });
    expect(periodOf({ from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      days: 31,
    });
  });

  it('compares with the days just before, or the same days a year earlier (29 February as the 28th)', () => {
    const october = { from: '2026-10-01', to: '2026-10-31', days: 31 };
    expect(comparisonPeriodOf(october, 'previous')).toEqual({ from: '2026-08-31', to: '2026-09-30', days: 31 });
    expect(comparisonPeriodOf(october, 'year')).toEqual({ from: '2025-10-01', to: '2025-10-31', days: 31 });
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
    expect(comparisonPeriodOf({ from: '2028-02-01', to: '2028-02-29', days: 29 }, 'year')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
      days: 28,
    });
  });

  it('writes a period as the query string the API reads', () => {
    expect(periodParams({ days: 90 })).toEqual([['days', '90']]);
    expect(periodParams({})).toEqual([['days', '30']]);
    expect(periodParams({ from: '2026-10-01', to: '2026-10-31', days: 7 })).toEqual([
      ['from', '2026-10-01'],
      ['to', '2026-10-31'],
    ]);
  });

  it('refuses a custom range with a message on the field to fix', () => {
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: '2026-10-01', to: '2026-10-31' })).toBeNull();
    expect(errorsOf(AnalyticsPeriodQuerySchema, {})).toBeNull();
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: '2026-10-01' })).toEqual({
      to: ['A custom range needs its last day (to)'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { to: '2026-10-01' })).toEqual({
      from: ['A custom range needs its first day (from)'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: '2026-10-31', to: '2026-10-01' })).toEqual({
      to: ['The last day must be on or after the first'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: ['A custom range is at most 366 days'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { days: '30', from: '2026-10-01', to: '2026-10-31' })).toEqual({
      days: ['Give either days or a custom range (from and to), not both'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: ['A day is written YYYY-MM-DD (2026-11-01)'],
    });
    expect(errorsOf(AnalyticsPeriodQuerySchema, { from: ['2026-10-01', '2026-10-02'], to: '2026-10-31' })).toEqual({
      from: ['A day may be given once'],
    });
  });

  it('takes compare=previous|year once on web analytics, and refuses anything else', () => {
    expect(v.parse(WebAnalyticsQuerySchema, { days: '7', compare: 'year' })).toMatchObject({
      days: 7,
      compare: 'year',
    });
    expect(errorsOf(WebAnalyticsQuerySchema, { compare: 'month' })).toEqual({
      compare: ['compare must be one of previous, year'],
    });
    expect(errorsOf(WebAnalyticsQuerySchema, { compare: ['year', 'year'] })).toEqual({
      compare: ['compare may be given once'],
    });
  });
});
