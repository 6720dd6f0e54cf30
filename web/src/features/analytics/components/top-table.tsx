/**
 * One top-10 table (pages, referrers, sources, campaigns, devices, browsers, operating systems), values shown whole:
 * wrapped between words in the width the numbers leave (on a phone a cut-off value with its text
 * in a tooltip could not be read).
 */
import type { TopRow } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { FiguresTable } from '../../../components/ui/figures-table';
import { formatCount, formatRate, labelOf } from '../../../lib/format-analytics';

type Props = { title: string; head: string; rows: TopRow[]; measure: 'visits' | 'pageviews'; none: string };

export function TopTable({ title, head, rows, measure, none }: Props) {
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing in this range.</p>
      ) : (
        <FiguresTable
          head={head}
          name={(r) => labelOf(r.value, none)}
          rows={rows}
          rowKey={(r) => r.value}
          columns={
            measure === 'visits'
              ? [
                  { head: 'Visits', cell: (r) => formatCount(r.visits) },
                  { head: 'Bounce rate', cell: (r) => formatRate(r.bounceRate) },
                ]
              : [{ head: 'Page views', cell: (r) => formatCount(r.pageviews), pad: 'px-2' }]
          }
        />
      )}
    </Card>
  );
}
