/**
 * "Interest per lot" on the Web tab: for the selected range, each lot that drew any interest
 * with the page views of its page, the clicks on it in the map, the leads that named it and
 * its confirmed lot-alert watchers (now),
 * most interest first (see `rankLotInterest`). Its link goes to the lot's public page. When
 * analytics or crm did not answer, their columns show '—' and a line says which.
 */
import { lotPath, type AnalyticsRange } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { FiguresTable } from '../../../components/ui/figures-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLotInterest } from '../../../lib/use-lot-interest';
import { formatCount } from '../../../lib/format-analytics';
import { rankLotInterest } from '../lib/rank-lot-interest';

export function LotInterestCard({
  days,
  onFilter,
}: {
  days: AnalyticsRange;
  /** Narrows the screen to the visits that viewed a lot's page (a drill-down, as a table's value does). */
  onFilter?: (page: string) => void;
}) {
  const { interest: data, error, isLoading } = useLotInterest(days);
  const rows = data ? rankLotInterest(data.lots) : [];
  // A count from a service that did not answer is unknown, not zero.
  const views = (n: number) => (data?.viewsUnavailable ? '—' : formatCount(n));
  const leads = (n: number) => (data?.leadsUnavailable ? '—' : formatCount(n));
  // Watchers are now, not in the range; unknown ('—') when the mailer did not answer.
  const watchers = (n: number | undefined) => (data?.watchersUnavailable !== false ? '—' : formatCount(n ?? 0));
  return (
    <Card title="Interest per lot">
      {isLoading && <Skeleton className="h-24" />}
      {error && !isLoading && <p className="text-sm text-red-800">Interest per lot could not be loaded.</p>}
      {data?.viewsUnavailable && (
        <p className="text-sm text-amber-800">Page views and map clicks could not be loaded right now.</p>
      )}
      {data?.leadsUnavailable && <p className="text-sm text-amber-800">Leads could not be loaded right now.</p>}
      {data?.watchersUnavailable && (
        <p className="text-sm text-amber-800">Lot alert watchers could not be loaded right now.</p>
      )}
      {data && rows.length === 0 && <p className="text-sm text-stone-600">No lot drew interest in this range.</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <FiguresTable
            caption={`Interest per lot, last ${days} days, most interest first`}
            head="Lot"
            rowHeader
            name={(r) => (
              <span className="flex flex-wrap items-center gap-x-3">
                <a href={lotPath(r.number)} className="text-lake-800 underline-offset-2 hover:underline">
                  Lot {r.number}
                </a>
                {onFilter && (
                  <button
                    type="button"
                    onClick={() => onFilter(lotPath(r.number))}
                    aria-label={`Show the visits that viewed Lot ${r.number}`}
                    className="min-h-8 rounded px-1 text-xs text-stone-700 underline-offset-2 hover:underline"
                  >
                    Visits
                  </button>
                )}
              </span>
            )}
            rows={rows}
            rowKey={(r) => r.number}
            figureWidth="w-32"
            columns={[
              { head: 'Page views', cell: (r) => views(r.pageViews) },
              { head: 'Map clicks', cell: (r) => views(r.mapClicks) },
              { head: 'Leads', cell: (r) => leads(r.leads) },
              { head: 'Watchers', cell: (r) => watchers(r.watchers) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
