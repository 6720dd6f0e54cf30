/** One top-10 table (pages, referrers, sources, campaigns, devices, browsers), values shown whole. */
import type { TopRow } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { formatCount, formatRate, labelOf } from '../lib/format-analytics';

type Props = { title: string; head: string; rows: TopRow[]; measure: 'visits' | 'pageviews'; none: string };

export function TopTable({ title, head, rows, measure, none }: Props) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing in this range.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                {head}
              </th>
              <th scope="col" className="w-px whitespace-nowrap px-2 py-1 text-right font-medium">
                {measure === 'visits' ? 'Visits' : 'Page views'}
              </th>
              {measure === 'visits' && (
                <th scope="col" className="w-px whitespace-nowrap py-1 pl-2 text-right font-medium">
                  Bounce rate
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} className="border-t border-stone-100">
                {/* The whole value, wrapped between words in the width the numbers leave (on a phone
                    a cut-off value with its text in a tooltip could not be read). */}
                <td className="max-w-0 py-1.5 pr-2 break-words text-stone-900">{labelOf(r.value, none)}</td>
                <td className="py-1.5 px-2 text-right tabular-nums">{formatCount(r[measure])}</td>
                {measure === 'visits' && (
                  <td className="py-1.5 pl-2 text-right tabular-nums">{formatRate(r.bounceRate)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
