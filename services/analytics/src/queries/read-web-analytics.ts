/**
 * The web-analytics answer for the last `days` days (today included, site time zone) and the
 * same number of days before them, read from the daily roll-ups only: two small range scans
 * (O(days) rows), whatever the number of hits. Unique visitors are the union of the days'
 * visitor sketches; bounce rate and time on site are over the visits started in the range.
 */
import {
  addDays,
  ANALYTICS_TOP_N,
  daysBetween,
  DEFAULT_SITE_TIME_ZONE,
  siteDayOf,
  type AnalyticsRange,
  type TopRow,
  type WebAnalytics,
  type WebAnalyticsTotals,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { emptySketch, estimateSketch, mergeSketch, sketchOf } from '../visits/visitor-sketch.ts';

type TotalsRow = {
  day: string;
  visits: number;
  bounces: number;
  duration_s: number;
  pageviews: number;
  visitors: number;
  visitor_sketch: unknown;
};
type PartRow = { dimension: string; value: string; visits: number; bounces: number; pageviews: number };

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0);

function totalsOf(rows: TotalsRow[]): WebAnalyticsTotals {
  const sketch = emptySketch();
  let visits = 0;
  let bounces = 0;
  let duration = 0;
  let pageviews = 0;
  for (const r of rows) {
    visits += r.visits;
    bounces += r.bounces;
    duration += r.duration_s;
    pageviews += r.pageviews;
    mergeSketch(sketch, sketchOf(r.visitor_sketch));
  }
  return {
    totalVisits: visits,
    uniqueVisitors: Math.min(estimateSketch(sketch), visits),
    averageTimeOnSite: visits > 0 ? Math.round(duration / visits) : 0,
    bounceRate: pct(bounces, visits),
    pageviews,
  };
}

export async function readWebAnalytics(
  knex: Knex,
  days: AnalyticsRange,
  now: Date = new Date(),
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
): Promise<WebAnalytics> {
  const to = siteDayOf(now, timeZone);
  const from = addDays(to, -(days - 1));
  const prevFrom = addDays(from, -days);
  const [totals, parts] = await Promise.all([
    knex.raw<{ rows: TotalsRow[] }>(
      `select day::text as day, visits, bounces, duration_s, pageviews, visitors, visitor_sketch
       from analytics.daily_totals where day between ?::date and ?::date`,
      [prevFrom, to],
    ),
    knex.raw<{ rows: PartRow[] }>(
      `select dimension, value, sum(visits)::int as visits, sum(bounces)::int as bounces, sum(pageviews)::int as pageviews
       from analytics.daily_breakdowns where day between ?::date and ?::date
       group by dimension, value`,
      [from, to],
    ),
  ]);
  const current = totals.rows.filter((r) => r.day >= from);
  const previous = totals.rows.filter((r) => r.day < from);
  const byDay = new Map(current.map((r) => [r.day, r]));
  const series = daysBetween(from, to).map((day) => {
    const r = byDay.get(day);
    const visitors = r ? r.visitors : 0;
    return {
      day,
      visits: r ? r.visits : 0,
      visitors: r ? Math.min(visitors, r.visits) : 0,
      pageviews: r ? r.pageviews : 0,
    };
  });

  const top = (dimension: string, by: 'visits' | 'pageviews'): TopRow[] =>
    parts.rows
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
    days,
    from,
    to,
    ...totalsOf(current),
    previous: totalsOf(previous),
    series,
    top: {
      pages: top('page', 'pageviews'),
      referrers: top('referrer', 'visits').filter((r) => r.value !== ''),
      sources: top('source', 'visits'),
      campaigns: top('utm_campaign', 'visits').filter((r) => r.value !== ''),
      devices: top('device', 'visits'),
      browsers: top('browser', 'visits'),
      operatingSystems: top('os', 'visits'),
    },
  };
}
