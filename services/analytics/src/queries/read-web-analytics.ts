/**
 * The web-analytics answer (no filter) for a period (the last N days, today included, or custom
 * days, site time zone) and the period it is compared with, read from the daily roll-ups only:
 * three small range scans (O(days) rows), whatever the number of hits. Unique visitors are the
 * union of the days' visitor sketches; bounce rate and time on site are over the visits started
 * in the period.
 */
import {
  ANALYTICS_TOP_N,
  daysBetween,
  type AnalyticsFilters,
  type SitePeriod,
  type TopRow,
  type WebAnalytics,
  type WebAnalyticsTotals,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { emptySketch, estimateSketch, mergeSketch, sketchOf } from '../visits/visitor-sketch.ts';
import type { AnalyticsAsk } from './analytics-ask.ts';

type TotalsRow = {
  day: string;
  visits: number;
  bounces: number;
  duration_s: number;
  pageviews: number;
  visitors: number;
  visitor_sketch: unknown;
};
/** A top-table row before ranking: a dimension's value and its figures. */
export type PartRow = { dimension: string; value: string; visits: number; bounces: number; pageviews: number };

export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

/** A day's figures as the roll-ups and the filtered days keep them. */
export type DayFigures = { visits: number; bounces: number; duration_s: number; pageviews: number };

/** The four figures (and page views) of some days' figures and their distinct visitors. */
export function totalsFrom(rows: readonly DayFigures[], visitors: number): WebAnalyticsTotals {
  let visits = 0;
  let bounces = 0;
  let duration = 0;
  let pageviews = 0;
  for (const r of rows) {
    visits += r.visits;
    bounces += r.bounces;
    duration += r.duration_s;
    pageviews += r.pageviews;
  }
  return {
    totalVisits: visits,
    uniqueVisitors: Math.min(visitors, visits),
    averageTimeOnSite: visits > 0 ? Math.round(duration / visits) : 0,
    bounceRate: pct(bounces, visits),
    pageviews,
  };
}

/** Unique visitors are the union of the days' sketches. */
function totalsOf(rows: TotalsRow[]): WebAnalyticsTotals {
  const sketch = emptySketch();
  for (const r of rows) mergeSketch(sketch, sketchOf(r.visitor_sketch));
  return totalsFrom(rows, estimateSketch(sketch));
}

/** The per-day series of a period's days (a day without visits is zero; rows of other days are left out). */
export function seriesOf(
  { from, to }: SitePeriod,
  rows: readonly (DayFigures & { day: string; visitors: number })[],
): WebAnalytics['series'] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysBetween(from, to).map((day) => {
    const r = byDay.get(day);
    return {
      day,
      visits: r ? r.visits : 0,
      visitors: r ? Math.min(r.visitors, r.visits) : 0,
      pageviews: r ? r.pageviews : 0,
    };
  });
}

/** The top-10 tables of the answer from its part rows (visits or page views, most first). */
export function topTablesOf(parts: readonly PartRow[]): WebAnalytics['top'] {
  const top = (dimension: string, by: 'visits' | 'pageviews'): TopRow[] =>
    parts
      .filter((r) => r.dimension === dimension && r[by] > 0)
      .sort((a, b) => b[by] - a[by] || a.value.localeCompare(b.value))
      .slice(0, ANALYTICS_TOP_N)
      .map((r) => ({
        value: r.value,
        visits: r.visits,
        pageviews: r.pageviews,
        bounceRate: pct(r.bounces, r.visits),
      }));
  return {
    pages: top('page', 'pageviews'),
    entryPages: top('entry_page', 'visits'),
    exitPages: top('exit_page', 'visits'),
    referrers: top('referrer', 'visits').filter((r) => r.value !== ''),
    sources: top('source', 'visits'),
    campaigns: top('utm_campaign', 'visits').filter((r) => r.value !== ''),
    mediums: top('utm_medium', 'visits').filter((r) => r.value !== ''),
    terms: top('utm_term', 'visits').filter((r) => r.value !== ''),
    contents: top('utm_content', 'visits').filter((r) => r.value !== ''),
    devices: top('device', 'visits'),
    browsers: top('browser', 'visits'),
    operatingSystems: top('os', 'visits'),
    countries: top('country', 'visits'),
    regions: top('region', 'visits').filter((r) => r.value !== ''),
    cities: top('city', 'visits').filter((r) => r.value !== ''),
  };
}

/** A period's rows among rows of several days. */
export const rowsIn = <R extends { day: string }>(rows: readonly R[], { from, to }: SitePeriod): R[] =>
  rows.filter((r) => r.day >= from && r.day <= to);

/** The answer from its parts: what was asked, the two periods' figures and series, the tables. */
export function answerOf(
  ask: AnalyticsAsk,
  filters: AnalyticsFilters,
  figures: { current: WebAnalyticsTotals; previous: WebAnalyticsTotals },
  series: { current: WebAnalytics['series']; previous: WebAnalytics['series'] },
  top: WebAnalytics['top'],
): WebAnalytics {
  return {
    ...ask.period,
    custom: ask.custom,
    filters,
    ...figures.current,
    previous: figures.previous,
    series: series.current,
    comparison: { compare: ask.compare, ...ask.comparison, series: series.previous },
    top,
  };
}

const readTotals = (knex: Knex, { from, to }: SitePeriod) =>
  knex
    .raw<{ rows: TotalsRow[] }>(
      `select day::text as day, visits, bounces, duration_s, pageviews, visitors, visitor_sketch
       from analytics.daily_totals where day between ?::date and ?::date`,
      [from, to],
    )
    .then((r) => r.rows);

/** Distinct visitors of a period, from the roll-ups' day sketches (no filter). */
export async function readPeriodVisitors(knex: Knex, period: SitePeriod): Promise<number> {
  return totalsOf(await readTotals(knex, period)).uniqueVisitors;
}

export async function readWebAnalytics(knex: Knex, ask: AnalyticsAsk): Promise<WebAnalytics> {
  const { period, comparison } = ask;
  // Two reads of totals, not one of the span: the periods need not meet (a year apart) and may overlap.
  const [current, previous, parts] = await Promise.all([
    readTotals(knex, period),
    readTotals(knex, comparison),
    knex.raw<{ rows: PartRow[] }>(
      `select dimension, value, sum(visits)::int as visits, sum(bounces)::int as bounces, sum(pageviews)::int as pageviews
       from analytics.daily_breakdowns where day between ?::date and ?::date
       group by dimension, value`,
      [period.from, period.to],
    ),
  ]);
  return answerOf(
    ask,
    {},
    { current: totalsOf(current), previous: totalsOf(previous) },
    { current: seriesOf(period, current), previous: seriesOf(comparison, previous) },
    topTablesOf(parts.rows),
  );
}
