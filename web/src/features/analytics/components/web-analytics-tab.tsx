/**
 * The Analytics screen's Web tab (staff spec §2, §4, §9): range (7/30/90/365 days, default 30,
 * or custom days), comparison (previous period or the same days last year) and chart type (line
 * or bar) selectors, a refresh action (posts, then refetches), the four stat cards with their
 * change against the comparison, the per-day chart with the comparison's visits as a second
 * series, the top-10 tables, "Leads by source", "Interest per lot" and outbound links, file
 * downloads and pages not found; loading skeletons, an empty state for a new site and an error
 * with retry. Clicking a value in a table narrows everything to it (drill-down); the period,
 * the comparison and the filters live in the URL, so a view can be bookmarked, shared, and gone
 * back from with the browser. While a new view loads, the last one stays on screen, marked as updating.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnalyticsFilterKey, WebAnalytics } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { FirstLookNote } from './first-look-note';
import { errorMessage, fieldError } from '../../../lib/error-message';
import { useWebAnalytics } from '../../../lib/use-web-analytics';
import { useRefreshAnalytics } from '../api/refresh-analytics';
import {
  csvNameOf,
  FILTER_VALUE_TEXT,
  paramsOf,
  periodLabel,
  viewOf,
  withoutFilter,
  type WebAnalyticsView,
} from '../lib/filters';
import { GeoAttribution } from '../../../components/ui/geo-attribution';
import { ActiveFilters } from './active-filters';
import { FunnelCard } from './funnel-card';
import { GoalsCard } from './goals-card';
import { LeadsBySourceCard } from './leads-by-source';
import { LotInterestCard } from './lot-interest-card';
import { PeriodControls } from './period-controls';
import { SiteEventsCards } from './site-events-cards';
import { WebStatCards } from './stat-cards';
import { TopTable } from './top-table';
import { VisitsChart, type ChartType } from './visits-chart';

export const EMPTY_TEXT = 'No visits yet: the tracker starts counting when the site gets visitors';
export const NO_MATCH_TEXT = 'No visits match these filters in this range.';

/** The top-10 tables, in the order shown: which list, its heading and what an empty value means. */
type TopTableSpec = {
  top: keyof WebAnalytics['top'];
  filter: AnalyticsFilterKey;
  title: string;
  head: string;
  measure: 'visits' | 'pageviews';
  none: string;
};
const TOP_TABLES: readonly TopTableSpec[] = [
  { top: 'pages', filter: 'page', title: 'Top pages', head: 'Page', measure: 'pageviews', none: '—' },
  { top: 'entryPages', filter: 'entry_page', title: 'Entry pages', head: 'Page', measure: 'visits', none: '—' },
  { top: 'exitPages', filter: 'exit_page', title: 'Exit pages', head: 'Page', measure: 'visits', none: '—' },
  {
    top: 'referrers',
    filter: 'referrer',
    title: 'Top referrers',
    head: 'Referrer',
    measure: 'visits',
    none: 'Direct / none',
  },
  { top: 'sources', filter: 'source', title: 'Top sources', head: 'Source', measure: 'visits', none: 'Direct / none' },
  {
    top: 'campaigns',
    filter: 'utm_campaign',
    title: 'Top campaigns',
    head: 'Campaign',
    measure: 'visits',
    none: 'No campaign',
  },
  { top: 'mediums', filter: 'utm_medium', title: 'Top mediums', head: 'Medium', measure: 'visits', none: 'No medium' },
  { top: 'terms', filter: 'utm_term', title: 'Top terms', head: 'Term', measure: 'visits', none: 'No term' },
  {
    top: 'contents',
    filter: 'utm_content',
    title: 'Top contents',
    head: 'Content',
    measure: 'visits',
    none: 'No content',
  },
  { top: 'devices', filter: 'device', title: 'Devices', head: 'Device', measure: 'visits', none: 'Unknown' },
  { top: 'browsers', filter: 'browser', title: 'Browsers', head: 'Browser', measure: 'visits', none: 'Unknown' },
  {
    top: 'operatingSystems',
    filter: 'os',
    title: 'Operating systems',
    head: 'Operating system',
    measure: 'visits',
    none: 'Unknown',
  },
  { top: 'countries', filter: 'country', title: 'Countries', head: 'Country', measure: 'visits', none: 'Unknown' },
  { top: 'regions', filter: 'region', title: 'Regions', head: 'Region', measure: 'visits', none: 'Unknown' },
  { top: 'cities', filter: 'city', title: 'Cities', head: 'City', measure: 'visits', none: 'Unknown' },
];

const isEmpty = (d: WebAnalytics) => d.totalVisits === 0 && d.previous.totalVisits === 0 && d.pageviews === 0;

function LoadingState() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading web analytics…</span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="mt-6 h-72" />
    </div>
  );
}

export function WebAnalyticsTab() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const { period, compare, filters } = view;
  const show = (next: Partial<WebAnalyticsView>) => setParams(paramsOf({ ...view, ...next }, params));
  const filtered = Object.keys(filters).length > 0;
  const [chart, setChart] = useState<ChartType>('line');
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useWebAnalytics(view);
  const refresh = useRefreshAnalytics();

  const onRefresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      await refresh(period);
    } catch (e) {
      setRefreshError(errorMessage(e));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <PeriodControls
          period={period}
          shown={data}
          onPeriod={(p) => show({ period: p })}
          compare={compare}
          onCompare={(c) => show({ compare: c })}
          chart={chart}
          onChart={setChart}
        />
        <button
          type="button"
          onClick={onRefresh}
          disabled={refreshing}
          className="ml-auto min-h-10 rounded-md px-4 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {refreshError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          The analytics could not be refreshed. {refreshError}
        </p>
      )}
      <ActiveFilters
        filters={filters}
        onRemove={(key) => show({ filters: withoutFilter(filters, key) })}
        onClear={() => show({ filters: {} })}
      />
      {isLoading && !data && <LoadingState />}
      {data && isLoading && (
        <p role="status" className="text-sm text-stone-600">
          Updating figures…
        </p>
      )}
      <FirstLookNote loading={isLoading} />
      {error && !isValidating && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-4 text-red-800">
          {/* A period the server refused (a shared link to days after today) says why. */}
          <span>Failed to load web analytics. {fieldError(error, 'to') ?? errorMessage(error)}</span>
          <button
            type="button"
            onClick={() => void mutate()}
            className="min-h-10 rounded-md bg-white px-4 text-sm font-semibold ring-1 ring-red-300"
          >
            Retry
          </button>
        </div>
      )}
      {data && !error && isEmpty(data) && (
        <>
          <Card>
            <p className="py-8 text-center text-stone-700">{filtered ? NO_MATCH_TEXT : EMPTY_TEXT}</p>
          </Card>
          {/* Goals can be set up before the first visits. */}
          <GoalsCard period={period} filters={filters} />
        </>
      )}
      {data && !error && !isEmpty(data) && (
        <div aria-busy={isLoading} className={`space-y-6 ${isLoading ? 'opacity-60 transition-opacity' : ''}`}>
          <WebStatCards data={data} />
          <Card title={`Visits per day, ${periodLabel(data)}`}>
            <VisitsChart series={data.series} comparison={data.comparison} type={chart} />
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            {TOP_TABLES.map(({ top, filter, ...table }) => (
              <TopTable
                key={table.title}
                {...table}
                rows={data.top[top]}
                valueText={FILTER_VALUE_TEXT[filter]}
                filter={filters[filter] === undefined ? filter : undefined}
                onFilter={(key, value) => show({ filters: { ...filters, [key]: value } })}
                csvName={csvNameOf(table.title, data)}
              />
            ))}
          </div>
          <GeoAttribution className="-mt-3" />
          <GoalsCard period={period} filters={filters} />
          <FunnelCard period={period} filters={filters} />
          {!filtered && <LeadsBySourceCard period={period} />}
          {!filtered &&
            (period.days !== undefined ? (
              <LotInterestCard days={period.days} onFilter={(page) => show({ filters: { ...filters, page } })} />
            ) : (
              <Card title="Interest per lot">
                <p className="text-sm text-stone-600">
                  Interest per lot is counted for the last 7, 30, 90 or 365 days: choose one of them to see it.
                </p>
              </Card>
            ))}
          {!filtered && <SiteEventsCards period={period} />}
        </div>
      )}
    </div>
  );
}
