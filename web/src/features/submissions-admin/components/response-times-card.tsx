/**
 * The median time to first staff response per week (site time zone), the last 8 weeks: how fast
 * leads are answered, by a logged call or a message staff wrote to them. A week with no answered
 * lead says so rather than showing zero.
 */
import { formatDuration } from '@lp/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDay } from '../../../lib/site-time';
import { useResponseTimes } from '../api/response-times';

export function ResponseTimesCard() {
  const { data, error, isLoading, mutate } = useResponseTimes();
  return (
    <section aria-labelledby="response-times-title" className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <h2 id="response-times-title" className="text-base font-semibold text-lake-900">
        Median time to first response
      </h2>
      <p className="text-sm text-stone-600">
        Per week, from a lead arriving to the first call logged or e-mail sent to it.
      </p>
      {isLoading && <Spinner label="Loading response times…" />}
      {error && <ErrorState message="Failed to load the response times." onRetry={() => mutate()} />}
      {data && (
        <table className="mt-3 w-full text-left text-sm" aria-label="Median time to first response per week">
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Week of
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Leads
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Answered
              </th>
              <th scope="col" className="py-1 font-medium">
                Median
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {[...data.weeks].reverse().map((w) => (
              <tr key={w.weekStart}>
                <td className="py-1 pr-3 whitespace-nowrap">{formatCalendarDay(w.weekStart)}</td>
                <td className="py-1 pr-3">{w.leads}</td>
                <td className="py-1 pr-3">{w.answered}</td>
                <td className="py-1 whitespace-nowrap">{w.medianMs === null ? '—' : formatDuration(w.medianMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
