/**
 * Web analytics as staff read it (staff dashboard spec §3, §7): the ranges, the
 * summary with the previous period, the per-day series and the top-N tables, lead attribution
 * and leads by source. The analytics service answers these over the bus; the gateway serves
 * them under /api/marketing-dashboard. Days are calendar days in the site's time zone.
 */
import * as v from 'valibot';
import {
  ANALYTICS_PERIOD_INPUT_ENTRIES,
  ANALYTICS_PERIOD_QUERY_ENTRIES,
  AnalyticsComparisonSchema,
  AnalyticsPeriodInputSchema,
  DEFAULT_ANALYTICS_COMPARISON,
  SitePeriodSchema,
  withPeriodRules,
} from './analytics-period.ts';
/** A visit ends after this long without a hit (sliding). */
export const VISIT_GAP_MINUTES = 30;
/** The tracker's engagement ping: an event with this name (never a page view, never an interaction). */
export const ENGAGEMENT_EVENT = 'engagement';
/** Rows per top-N table. */
export const ANALYTICS_TOP_N = 10;

/**
 * Drill-down filters of the Web Analytics screen, by the name they have in the screen's URL, the
 * API's query string and the RPC: each narrows every figure, chart and table to the visits that
 * match; several combine (all must match). `page` matches a visit that viewed that page (a
 * trailing `*` matches every page under a prefix: `/lots/*`) and counts only its page views of
 * matching pages; the others are the visit's own values (its first page view's; `exit_page` its last's;
 * `country`, `region` and `city` by their labels, location.ts).
 */
export const ANALYTICS_FILTER_KEYS = [
  'page',
  'entry_page',
  'exit_page',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'device',
  'browser',
  'os',
  'country',
  'region',
  'city',
] as const;
export type AnalyticsFilterKey = (typeof ANALYTICS_FILTER_KEYS)[number];
/** Filter value → the visits it keeps; '' keeps those without one (direct traffic, no campaign). */
export type AnalyticsFilters = Partial<Record<AnalyticsFilterKey, string>>;
/** How '' (none: direct, no campaign, unknown) is written in a URL or query string. */
export const FILTER_NONE = '(none)';
export const ANALYTICS_FILTER_MAX_LENGTH = 500;

/** A filter's value as a URL or query string writes it: FILTER_NONE stands for ''. */
export const filterValueOf = (written: string): string => (written === FILTER_NONE ? '' : written);

const filterValue = v.pipe(
  v.string(),
  v.maxLength(ANALYTICS_FILTER_MAX_LENGTH, `A filter value is at most ${ANALYTICS_FILTER_MAX_LENGTH} characters`),
);
/** A filter in a query string: given once, FILTER_NONE standing for ''. */
const filterParam = v.optional(v.pipe(v.string('A filter may be given once'), filterValue, v.transform(filterValueOf)));
/** The drill-down filters as query-string options. */
export const ANALYTICS_FILTER_QUERY_ENTRIES = Object.fromEntries(
  ANALYTICS_FILTER_KEYS.map((k) => [k, filterParam]),
) as Record<AnalyticsFilterKey, typeof filterParam>;

export const AnalyticsFiltersSchema = v.object(
  Object.fromEntries(ANALYTICS_FILTER_KEYS.map((k) => [k, v.optional(filterValue)])) as Record<
    AnalyticsFilterKey,
    v.OptionalSchema<typeof filterValue, undefined>
  >,
);

/** The filters a query string gives (`source=google&page=/lots/*`), none absent: what the RPC takes. */
export function filtersOf(query: Partial<Record<AnalyticsFilterKey, string | undefined>>): AnalyticsFilters {
  const filters: AnalyticsFilters = {};
  for (const k of ANALYTICS_FILTER_KEYS) {
    const value = query[k];
    if (value !== undefined) filters[k] = value;
  }
  return filters;
}

/** The filters as query-string pairs, in a stable order ('' written as FILTER_NONE). */
export function filterParams(filters: AnalyticsFilters): [AnalyticsFilterKey, string][] {
  return ANALYTICS_FILTER_KEYS.flatMap((k) => {
    const value = filters[k];
    return value === undefined ? [] : [[k, value === '' ? FILTER_NONE : value] as [AnalyticsFilterKey, string]];
  });
}

/** A page filter's matcher: exact, or every path under a prefix when it ends in `*`. */
export function pageMatcher(pattern: string): (path: string) => boolean {
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (path) => path.startsWith(prefix);
  }
  return (path) => path === pattern;
}

/**
 * `GET …/web-analytics`: the period (`days`, or `from` and `to`), what it is compared with
 * (`compare`) and any drill-down filters (each at most once).
 */
export const WebAnalyticsQuerySchema = withPeriodRules(
  v.strictObject(
    {
      ...ANALYTICS_PERIOD_QUERY_ENTRIES,
      compare: v.optional(v.pipe(v.string('compare may be given once'), AnalyticsComparisonSchema)),
      ...ANALYTICS_FILTER_QUERY_ENTRIES,
    },
    `The options of web analytics are days, from, to, compare and the filters ${ANALYTICS_FILTER_KEYS.join(', ')}`,
  ),
);

/** The refresh command takes its period and nothing else: an unknown option is refused, not ignored. */
export const AnalyticsRefreshQuerySchema = withPeriodRules(
  v.strictObject(ANALYTICS_PERIOD_QUERY_ENTRIES, 'The options of a refresh are days, or from and to'),
);

export const AnalyticsRefreshInputSchema = AnalyticsPeriodInputSchema;

export const WebAnalyticsInputSchema = withPeriodRules(
  v.object({
    ...ANALYTICS_PERIOD_INPUT_ENTRIES,
    compare: v.optional(AnalyticsComparisonSchema, DEFAULT_ANALYTICS_COMPARISON),
    filters: v.optional(AnalyticsFiltersSchema, {}),
  }),
);

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The four figures (spec §3): seconds for time on site, percent for bounce rate. */
export const WebAnalyticsTotalsSchema = v.object({
  totalVisits: count,
  uniqueVisitors: count,
  averageTimeOnSite: v.number(),
  bounceRate: v.number(),
  pageviews: count,
});
export type WebAnalyticsTotals = v.InferOutput<typeof WebAnalyticsTotalsSchema>;

export const WebAnalyticsDaySchema = v.object({
  /** YYYY-MM-DD in the site's time zone. */
  day: v.string(),
  visits: count,
  visitors: count,
  pageviews: count,
});
export type WebAnalyticsDay = v.InferOutput<typeof WebAnalyticsDaySchema>;

export const TopRowSchema = v.object({
  /** '' stands for none (direct traffic, no campaign). */
  value: v.string(),
  visits: count,
  pageviews: count,
  bounceRate: v.number(),
});
export type TopRow = v.InferOutput<typeof TopRowSchema>;

export const WebAnalyticsSchema = v.object({
  /** The range's first and last day (both included) and its length in days. */
  ...SitePeriodSchema.entries,
  /** True for custom days, false for the last `days` days. */
  custom: v.boolean(),
  /** The filters applied (none: the whole site). */
  filters: AnalyticsFiltersSchema,
  ...WebAnalyticsTotalsSchema.entries,
  /** The comparison period's figures (`comparison` says which days). */
  previous: WebAnalyticsTotalsSchema,
  series: v.array(WebAnalyticsDaySchema),
  /** What the figures are compared with: its days and their series, day by day in the same order. */
  comparison: v.object({
    compare: AnalyticsComparisonSchema,
    ...SitePeriodSchema.entries,
    series: v.array(WebAnalyticsDaySchema),
  }),
  top: v.object({
    pages: v.array(TopRowSchema),
    /** The first page of each visit. */
    entryPages: v.array(TopRowSchema),
    /** The last page of each visit. */
    exitPages: v.array(TopRowSchema),
    referrers: v.array(TopRowSchema),
    sources: v.array(TopRowSchema),
    campaigns: v.array(TopRowSchema),
    /** UTM mediums (email, cpc, social…) of the visits that had one. */
    mediums: v.array(TopRowSchema),
    /** UTM terms (paid keywords) and contents (which link or ad) of the visits that had one. */
    terms: v.array(TopRowSchema),
    contents: v.array(TopRowSchema),
    devices: v.array(TopRowSchema),
    browsers: v.array(TopRowSchema),
    operatingSystems: v.array(TopRowSchema),
    /** Countries by ISO code, regions and cities by their labels (location.ts: `Arizona, US`, `Page, Arizona, US`). */
    countries: v.array(TopRowSchema),
    regions: v.array(TopRowSchema),
    cities: v.array(TopRowSchema),
  }),
});
export type WebAnalytics = v.InferOutput<typeof WebAnalyticsSchema>;

export const AnalyticsRefreshedSchema = v.object({ days: count, from: v.string(), to: v.string() });
export type AnalyticsRefreshed = v.InferOutput<typeof AnalyticsRefreshedSchema>;

/** The utm_medium of a visit that came from an e-mail (the mailer's click redirect sets it). */
export const EMAIL_UTM_MEDIUM = 'email';

/**
 * Attribution of leads: analytics reads the leads from its own copy of the form submissions
 * (the `crm.submission.received` events it consumes), so the request carries nothing.
 */
export const AttributionInputSchema = v.nullish(v.object({}));

export const LeadAttributionSchema = v.object({
  sessionId: v.string(),
  /** First touch: the visitor's first visit (null when no hit of this visitor was stored). */
  firstTouch: v.nullable(
    v.object({
      at: v.string(),
      /** utm_source, else the referrer's host, else '' (direct). */
      source: v.string(),
      referrerHost: v.nullable(v.string()),
      utmSource: v.nullable(v.string()),
      utmMedium: v.nullable(v.string()),
      utmCampaign: v.nullable(v.string()),
      landingPage: v.nullable(v.string()),
    }),
  ),
  /**
   * The e-mail campaign that brought the lead: the campaign of its latest visit before
   * converting that came from an e-mail (utm_medium=email, as the mailer's click redirect to
   * the site adds), whatever its first touch was; null when no visit came from an e-mail.
   */
  emailCampaign: v.nullable(v.string()),
  /** Visits started before converting. */
  visits: count,
  /** Page views before converting, and their paths in order (the first 20). */
  pageviews: count,
  pages: v.array(v.string()),
});
export type LeadAttribution = v.InferOutput<typeof LeadAttributionSchema>;

/** One lead's visit history (the staff alert): its session and when it converted. */
export const LeadVisitInputSchema = v.object({
  sessionId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  submittedAt: v.pipe(
    v.string(),
    v.check((s) => !Number.isNaN(Date.parse(s)), 'submittedAt must be a time'),
  ),
});

/** Leads by source over a period: the leads are analytics' own copy of the form submissions. */
export const LeadsBySourceInputSchema = AnalyticsPeriodInputSchema;

/**
 * A lead converts in a visit: its session's latest visit started at or before it was submitted.
 * A row counts the leads whose converting visit came from that source or campaign, and the
 * conversion rate is converting visits ÷ visits of that source in the range (Plausible's
 * definition), in percent: at most 100, however many forms one visit sends.
 */
export const LeadSourceRowSchema = v.object({
  /** '' = direct / none. */
  value: v.string(),
  leads: count,
  visits: count,
  /** Visits of that source started in the range in which at least one lead was submitted. */
  convertingVisits: count,
  /** convertingVisits per 100 visits, one decimal (0 when there were no visits). */
  conversionRate: v.number(),
});
export type LeadSourceRow = v.InferOutput<typeof LeadSourceRowSchema>;

export const LeadsBySourceSchema = v.object({
  ...SitePeriodSchema.entries,
  sources: v.array(LeadSourceRowSchema),
  campaigns: v.array(LeadSourceRowSchema),
  /**
   * Leads by the e-mail campaign that brought them (`emailCampaign`), with that campaign's visits
   * and the visits from it that converted.
   */
  emailCampaigns: v.array(LeadSourceRowSchema),
  /** Leads of the range with no tracked visit before them (tracker blocked, a form sent elsewhere). */
  unattributed: count,
});
export type LeadsBySource = v.InferOutput<typeof LeadsBySourceSchema>;

/** Who is on the site now: visitors with a page view or an event (engagement pings included) this recently. */
export const LIVE_WINDOW_MINUTES = 5;
/** How often the dashboard asks again while it shows live visitors. */
export const LIVE_REFRESH_MS = 5_000;

export const LiveVisitorsInputSchema = v.nullish(v.object({}));

/**
 * Visitors (session ids) with a hit in the last LIVE_WINDOW_MINUTES, and the page each is on (the
 * path of their latest hit), most visitors first, at most ANALYTICS_TOP_N pages.
 */
export const LiveVisitorsSchema = v.object({
  visitors: count,
  pages: v.array(v.object({ path: v.string(), visitors: count })),
  /** When the answer was read (ISO 8601): the window ends here. */
  asOf: v.string(),
});
export type LiveVisitors = v.InferOutput<typeof LiveVisitorsSchema>;

/** Outbound links, file downloads and pages not found over a period (`GET …/site-events?days=`). */
export const SiteEventsInputSchema = AnalyticsPeriodInputSchema;

/** A link (its address without query or fragment) or a missing page, and how often it was hit. */
export const SiteEventRowSchema = v.object({
  value: v.string(),
  /** For a page not found: the page that linked to it ('' for none or unknown). */
  referrer: v.string(),
  hits: count,
});
export type SiteEventRow = v.InferOutput<typeof SiteEventRowSchema>;

export const SiteEventsSchema = v.object({
  ...SitePeriodSchema.entries,
  outboundLinks: v.array(SiteEventRowSchema),
  fileDownloads: v.array(SiteEventRowSchema),
  notFound: v.array(SiteEventRowSchema),
});
export type SiteEvents = v.InferOutput<typeof SiteEventsSchema>;
