/**
 * A visit as stored (analytics.visits) and what it adds to the daily roll-ups: one visit,
 * a bounce when it has one page view and no interaction, its duration (last hit − first hit,
 * pings included) and its page views, on its start day, in the totals and under each
 * dimension (entry page, exit page, referrer host, source, UTM source/medium/campaign/term/content, device, browser,
 * operating system, country, region, city).
 */
import { ANALYTICS_FILTER_KEYS, cityLabel, regionLabel, type AnalyticsFilterKey } from '@lp/contracts';

export type VisitRow = {
  session_id: string;
  started_at: Date;
  last_at: Date;
  /** The last page view or interaction (pings only extend within 30 minutes of it). */
  last_real_at: Date;
  /** YYYY-MM-DD (start day in the site's time zone). */
  day: string;
  pageviews: number;
  interactions: number;
  entry_path: string | null;
  /** The path of the last page view (the one stored last on a tie). */
  exit_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** utm_term (the paid keyword) and utm_content (which link or ad) of its first page view. */
  utm_term: string | null;
  utm_content: string | null;
  device: string | null;
  browser: string | null;
  /** Operating system (Windows, macOS, iOS, Android, Linux, Chrome OS, …). */
  os: string | null;
  /** Where the visitor was at its first page view (contracts' location.ts): ISO code, region and city names. */
  country: string | null;
  region: string | null;
  city: string | null;
  /**
   * The pages it viewed and how often (path → page views): what a drill-down counts per page
   * without reading the raw hits. Bounded by the site's distinct pages, however long the visit.
   */
  pages: Record<string, number>;
};

/** The columns of analytics.visits, as every writer of visits lists them. */
export const VISIT_COLUMNS = `session_id, started_at, last_at, last_real_at, day, pageviews, interactions, entry_path, exit_path,
  referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, browser, os, country, region, city, pages`;

export type Figures = { visits: number; bounces: number; duration_s: number; pageviews: number };

/**
 * A visit's own values, each a `daily_breakdowns` dimension: the drill-down filters of the same
 * names (contracts' ANALYTICS_FILTER_KEYS) but `page`, which a visit holds many of.
 */
export type VisitDimension = Exclude<AnalyticsFilterKey, 'page'>;
export const VISIT_DIMENSIONS: readonly VisitDimension[] = ANALYTICS_FILTER_KEYS.filter(
  (k): k is VisitDimension => k !== 'page',
);

/** utm_source, else the referrer's host, else '' (direct): how a visit is attributed. */
export const sourceOf = (v: Pick<VisitRow, 'utm_source' | 'referrer_host'>): string =>
  v.utm_source ?? v.referrer_host ?? '';

export const isBounce = (v: Pick<VisitRow, 'pageviews' | 'interactions'>): boolean =>
  v.pageviews === 1 && v.interactions === 0;

export const durationOf = (v: Pick<VisitRow, 'started_at' | 'last_at'>): number =>
  (v.last_at.getTime() - v.started_at.getTime()) / 1000;

export function figuresOf(v: VisitRow, sign: 1 | -1): Figures {
  return {
    visits: sign,
    bounces: isBounce(v) ? sign : 0,
    duration_s: sign * durationOf(v),
    pageviews: sign * v.pageviews,
  };
}

export function dimensionValues(v: VisitRow): Record<VisitDimension, string> {
  return {
    entry_page: v.entry_path ?? '',
    exit_page: v.exit_path ?? '',
    referrer: v.referrer_host ?? '',
    source: sourceOf(v),
    utm_source: v.utm_source ?? '',
    utm_medium: v.utm_medium ?? '',
    utm_campaign: v.utm_campaign ?? '',
    utm_term: v.utm_term ?? '',
    utm_content: v.utm_content ?? '',
    device: v.device ?? '',
    browser: v.browser ?? '',
    os: v.os ?? '',
    country: v.country ?? '',
    region: regionLabel(v),
    city: cityLabel(v),
  };
}

/** Only a visit's own columns of a row read with them (a query may read more: the sessionizing SQL does). */
export const toVisitRow = (r: VisitRow): VisitRow => ({
  session_id: r.session_id,
  started_at: r.started_at,
  last_at: r.last_at,
  last_real_at: r.last_real_at,
  day: r.day,
  pageviews: r.pageviews,
  interactions: r.interactions,
  entry_path: r.entry_path,
  exit_path: r.exit_path,
  referrer_host: r.referrer_host,
  utm_source: r.utm_source,
  utm_medium: r.utm_medium,
  utm_campaign: r.utm_campaign,
  utm_term: r.utm_term,
  utm_content: r.utm_content,
  device: r.device,
  browser: r.browser,
  os: r.os,
  country: r.country,
  region: r.region,
  city: r.city,
  pages: r.pages ?? {},
});

/**
 * A visit to extend, its pages copied too (the original stays the visit to subtract). Field by
 * field: Node 20 copies `{ ...visit, pages }` on a slow path, several times the cost.
 */
export function copyVisit(v: VisitRow): VisitRow {
  const copy = toVisitRow(v);
  copy.pages = Object.assign({}, v.pages);
  return copy;
}
