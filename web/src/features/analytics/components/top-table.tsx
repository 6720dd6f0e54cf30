/**
 * One top-10 table (pages, entry and exit pages, referrers, sources, campaigns, mediums, devices,
 * browsers, operating systems, countries, regions, cities), values shown whole: wrapped between words in the width the numbers leave
 * (on a phone a cut-off value with its text in a tooltip could not be read). Each value is a
 * button that narrows the whole screen to it (drill-down), unless the screen is already narrowed
 * by this table's filter. The table downloads as CSV, as shown.
 */
import { csvLine, type AnalyticsFilterKey, type TopRow } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { FiguresTable } from '../../../components/ui/figures-table';
import { formatCount, formatRate } from '../../../lib/format-analytics';
import { downloadCsv } from '../../../lib/download-csv';
import { FILTER_LABELS } from '../lib/filters';

type Props = {
  title: string;
  head: string;
  rows: TopRow[];
  measure: 'visits' | 'pageviews';
  none: string;
  /** The filter a row's value sets; undefined when this table's filter is in force. */
  filter?: AnalyticsFilterKey;
  onFilter: (key: AnalyticsFilterKey, value: string) => void;
  /** The file a download is saved as (names the table, the range and the filters). */
  csvName: string;
  /** How a value reads, when not as written (a country code by its name). */
  valueText?: (value: string) => string;
};

const textOf = (value: string, none: string, valueText?: (value: string) => string) =>
  value === '' ? none : (valueText?.(value) ?? value);

/** The table as on screen, as CSV: the same rows, labels and figures (a rate in percent). */
export function topTableCsv({
  head,
  rows,
  measure,
  none,
  valueText,
}: Pick<Props, 'head' | 'rows' | 'measure' | 'none' | 'valueText'>): string[] {
  const text = (value: string) => textOf(value, none, valueText);
  return measure === 'visits'
    ? [
        csvLine([head, 'Visits', 'Bounce rate (%)']),
        ...rows.map((r) => csvLine([text(r.value), String(r.visits), r.bounceRate.toFixed(1)])),
      ]
    : [csvLine([head, 'Page views']), ...rows.map((r) => csvLine([text(r.value), String(r.pageviews)]))];
}

export function TopTable({ title, head, rows, measure, none, filter, onFilter, csvName, valueText }: Props) {
  const text = (value: string) => textOf(value, none, valueText);
  return (
    <Card
      title={title}
      actions={
        rows.length > 0 && (
          <button
            type="button"
            onClick={() => downloadCsv(csvName, topTableCsv({ head, rows, measure, none, valueText }))}
            aria-label={`Download ${title} as CSV`}
            className="min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            CSV
          </button>
        )
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing in this range.</p>
      ) : (
        <FiguresTable
          caption={title}
          head={head}
          name={(r) =>
            filter ? (
              <button
                type="button"
                onClick={() => onFilter(filter, r.value)}
                title={`Show only visits where ${FILTER_LABELS[filter]} is ${text(r.value)}`}
                className="-mx-1 rounded px-1 text-left break-words text-lake-800 underline decoration-stone-300 underline-offset-2 hover:bg-lake-50 hover:decoration-lake-700 focus-visible:outline-2 focus-visible:outline-lake-700"
              >
                {text(r.value)}
              </button>
            ) : (
              text(r.value)
            )
          }
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
