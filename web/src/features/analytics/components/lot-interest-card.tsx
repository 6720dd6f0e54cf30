/**
 * "Interest per lot" on the Web tab: for the selected range, each lot that drew any interest
 * with the page views of its page, the clicks on it in the map and the leads that named it,
 * most interest first (see `rankLotInterest`). Its link goes to the lot's public page. When
 * analytics or crm did not answer, their columns show '—' and a line says which.
 */
import { lotPath, type AnalyticsRange } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLotInterest } from '../../../lib/use-lot-interest';
import { formatCount } from '../lib/format-analytics';
import { rankLotInterest } from '../lib/rank-lot-interest';

export function LotInterestCard({ days }: { days: AnalyticsRange }) {
  const { interest: data, error, isLoading } = useLotInterest(days);
  const rows = data ? rankLotInterest(data.lots) : [];
  // A count from a service that did not answer is unknown, not zero.
  const views = (n: number) => (data?.viewsUnavailable ? '—' : formatCount(n));
  const leads = (n: number) => (data?.leadsUnavailable ? '—' : formatCount(n));
  return (
    <Card title="Interest per lot">
      {isLoading && <Skeleton className="h-24" />}
      {error && !isLoading && <p className="text-sm text-red-800">Interest per lot could not be loaded.</p>}
      {data?.viewsUnavailable && (
        <p className="text-sm text-amber-800">Page views and map clicks could not be loaded right now.</p>
      )}
      {data?.leadsUnavailable && <p className="text-sm text-amber-800">Leads could not be loaded right now.</p>}
      {data && rows.length === 0 && <p className="text-sm text-stone-600">No lot drew interest in this range.</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Interest per lot, last {days} days, most interest first</caption>
            <thead className="text-stone-600">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Lot
                </th>
                <th scope="col" className="w-32 whitespace-nowrap px-2 py-1 text-right font-medium">
                  Page views
                </th>
                <th scope="col" className="w-32 whitespace-nowrap px-2 py-1 text-right font-medium">
                  Map clicks
                </th>
                <th scope="col" className="w-32 whitespace-nowrap py-1 pl-2 text-right font-medium">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.number} className="border-t border-stone-100">
                  <th scope="row" className="py-1.5 pr-2 font-normal text-stone-900">
                    <a href={lotPath(r.number)} className="text-lake-800 underline-offset-2 hover:underline">
                      Lot {r.number}
                    </a>
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{views(r.pageViews)}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{views(r.mapClicks)}</td>
                  <td className="py-1.5 pl-2 text-right tabular-nums">{leads(r.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
