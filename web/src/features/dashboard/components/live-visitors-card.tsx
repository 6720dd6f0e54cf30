/**
 * The dashboard home's live card: visitors on the site in the last few minutes and the pages
 * they are on, asked again every few seconds without a reload. A failed answer keeps the last
 * figures (marked as not current) and is asked again at the next turn.
 */
import { Link } from 'react-router-dom';
import { LIVE_REFRESH_MS, LIVE_WINDOW_MINUTES } from '@lp/contracts';
import { formatCount } from '../../../lib/format-count';
import { useLiveVisitors } from '../api/get-live-visitors';

export function LiveVisitorsCard() {
  const { data, error, isLoading } = useLiveVisitors();
  const visitors = data?.visitors;
  return (
    <section aria-labelledby="home-live-visitors" className="mt-8">
      <h2 id="home-live-visitors" className="text-lg font-semibold text-lake-900">
        On the site now
      </h2>
      <div className="mt-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold text-lake-900">
            {visitors === undefined ? '—' : formatCount(visitors)}
          </span>
          <span className="text-sm text-stone-600">
            {visitors === 1 ? 'visitor' : 'visitors'} in the last {LIVE_WINDOW_MINUTES} minutes
          </span>
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {error
            ? `Live visitors could not be loaded${data ? '; the figures shown are not current' : ''}. Trying again every ${LIVE_REFRESH_MS / 1000} seconds.`
            : isLoading
              ? 'Loading live visitors…'
              : `Updated every ${LIVE_REFRESH_MS / 1000} seconds.`}
        </p>
        {data && data.visitors === 0 && <p className="mt-4 text-stone-700">No one is on the site right now.</p>}
        {data && data.pages.length > 0 && (
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Pages visitors are on now</caption>
            <thead>
              <tr className="text-left text-stone-600">
                <th scope="col" className="pb-2 font-medium">
                  Page
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {data.pages.map((p) => (
                <tr key={p.path} className="border-t border-stone-100">
                  <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                    <a href={p.path} target="_blank" rel="noreferrer" className="text-lake-700 hover:underline">
                      {p.path}
                    </a>
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatCount(p.visitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-4 text-sm">
          <Link to="/marketing/analytics" className="text-lake-700 hover:underline">
            Website analytics
          </Link>
        </p>
      </div>
    </section>
  );
}
