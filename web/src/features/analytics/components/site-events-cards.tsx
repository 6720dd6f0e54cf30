/**
 * What visitors did beyond the site's pages, for the selected range (the tracker records it
 * without page code): the links to other sites they followed, the files they downloaded, and
 * the pages they asked for that do not exist, with the page that sent them there (a broken link
 * to fix). Each table downloads as CSV as shown. A link is only a link when it is a web address.
 */
import { csvLine, type AnalyticsPeriodInput, type SiteEventRow, type SiteEvents } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { FiguresTable } from '../../../components/ui/figures-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { downloadCsv } from '../../../lib/download-csv';
import { formatCount } from '../../../lib/format-analytics';
import { useSiteEvents } from '../api/get-site-events';

type Spec = {
  rows: 'outboundLinks' | 'fileDownloads' | 'notFound';
  /** The CSV file's name before the range's days. */
  file: string;
  title: string;
  head: string;
  count: string;
  empty: string;
  /** Shows the page that linked (pages not found). */
  referrer?: boolean;
};
const CARDS: readonly Spec[] = [
  {
    rows: 'outboundLinks',
    file: 'outbound-links',
    title: 'Outbound links',
    head: 'Link',
    count: 'Clicks',
    empty: 'No link to another site was followed in this range.',
  },
  {
    rows: 'fileDownloads',
    file: 'file-downloads',
    title: 'File downloads',
    head: 'File',
    count: 'Downloads',
    empty: 'No file was downloaded in this range.',
  },
  {
    rows: 'notFound',
    file: 'pages-not-found',
    title: 'Pages not found',
    head: 'Page',
    count: 'Visits',
    empty: 'No visitor reached a missing page in this range.',
    referrer: true,
  },
];

/** A table as CSV, as on screen. */
export function siteEventsCsv(spec: Spec, rows: readonly SiteEventRow[]): string[] {
  const head = spec.referrer ? [spec.head, 'Linked from', spec.count] : [spec.head, spec.count];
  return [
    csvLine(head),
    ...rows.map((r) =>
      csvLine(spec.referrer ? [r.value, r.referrer || 'Unknown', String(r.hits)] : [r.value, String(r.hits)]),
    ),
  ];
}

function SiteEventsCard({ spec, data }: { spec: Spec; data: SiteEvents | undefined }) {
  const rows = data?.[spec.rows] ?? [];
  return (
    <Card
      title={spec.title}
      actions={
        data &&
        rows.length > 0 && (
          <button
            type="button"
            onClick={() => downloadCsv(`${spec.file}_${data.from}_to_${data.to}.csv`, siteEventsCsv(spec, rows))}
            aria-label={`Download ${spec.title} as CSV`}
            className="min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            CSV
          </button>
        )
      }
    >
      {data && rows.length === 0 && <p className="text-sm text-stone-600">{spec.empty}</p>}
      {rows.length > 0 && (
        <FiguresTable
          caption={spec.title}
          head={spec.head}
          name={(r) =>
            spec.referrer ? (
              <>
                <span className="block">{r.value}</span>
                <span className="block text-xs text-stone-600">
                  {r.referrer ? `Linked from ${r.referrer}` : 'Linked from: unknown'}
                </span>
              </>
            ) : /^https?:\/\//i.test(r.value) ? (
              <a
                href={r.value}
                target="_blank"
                rel="noopener noreferrer"
                className="text-lake-800 underline-offset-2 hover:underline"
              >
                {r.value}
              </a>
            ) : (
              // Anything but a web address (the pixel takes what it is sent) is shown, never linked.
              r.value
            )
          }
          rows={rows}
          rowKey={(r) => `${r.value} ${r.referrer}`}
          columns={[{ head: spec.count, cell: (r) => formatCount(r.hits) }]}
        />
      )}
    </Card>
  );
}

export function SiteEventsCards({ period }: { period: AnalyticsPeriodInput }) {
  const { data, error, isLoading, mutate } = useSiteEvents(period);
  if (isLoading)
    return (
      <div role="status" className="grid gap-4 lg:grid-cols-3">
        <span className="sr-only">Loading links and missing pages…</span>
        {CARDS.map((c) => (
          <Skeleton key={c.rows} className="h-32" />
        ))}
      </div>
    );
  if (error)
    return (
      <ErrorState
        message="Outbound links, downloads and missing pages could not be loaded."
        onRetry={() => void mutate()}
      />
    );
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {CARDS.map((spec) => (
        <SiteEventsCard key={spec.rows} spec={spec} data={data} />
      ))}
    </div>
  );
}
