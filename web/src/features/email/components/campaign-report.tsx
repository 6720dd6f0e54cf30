/**
 * A campaign's report under its figures: clicks per link (a table, and marked on a preview of
 * the message), opens and clicks over time (by the hour
 * for the first 48 hours, then by the day), what came back, and the recipients — filtered
 * (opened, not opened, clicked, bounced, unsubscribed), searched, a page at a time, and exported
 * as CSV with the same filter and search. Opens and clicks are people's: machine opens and link
 * scanners' clicks are left out, as in the figures above.
 */
import { useMemo, useState } from 'react';
import {
  CAMPAIGN_RECIPIENT_FILTERS,
  CAMPAIGN_RECIPIENTS_PAGE,
  type CampaignRecipient,
  type CampaignRecipientFilter,
  type CampaignReport,
  type DeliveryStatus,
} from '@lp/contracts/email';
import { SearchInput } from '../../../components/form/search-input';
import { controlClass } from '../../../components/form/form-field';
import { Card } from '../../../components/ui/card';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-state';
import { FiguresTable } from '../../../components/ui/figures-table';
import { Select } from '../../../components/ui/select';
import { button } from '../../../components/ui/styles';
import { formatCount } from '../../../lib/format-count';
import { formatDateTime } from '../../../lib/site-time';
import { useDebounced } from '../../../lib/use-debounced';
import { campaignRecipientsExportUrl, useCampaignRecipients, useCampaignReport } from '../api/campaigns';
import { markLinkClicks } from '../lib/mark-link-clicks';
import { renderEmailPreview } from '../lib/render-email-preview';

const FILTER_LABELS: Record<CampaignRecipientFilter, string> = {
  all: 'All recipients',
  opened: 'Opened',
  not_opened: 'Not opened',
  clicked: 'Clicked',
  bounced: 'Bounced or failed',
  unsubscribed: 'Unsubscribed',
};

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Waiting',
  claimed: 'Waiting',
  sending: 'Sending',
  sent: 'Delivered',
  failed: 'Failed',
  unknown: 'Unknown after a crash',
  outbox: 'Not delivered (no SMTP)',
};

const statusOf = (r: CampaignRecipient) =>
  r.bouncedAt ? 'Bounced' : r.unsubscribedAt ? 'Unsubscribed' : STATUS_LABELS[r.status];

const RECIPIENT_COLUMNS: readonly Column<CampaignRecipient>[] = [
  { header: 'Email', cell: (r) => r.email, rowHeader: true },
  { header: 'Name', cell: (r) => `${r.firstName} ${r.lastName}`.trim() || '—', className: 'hidden sm:table-cell' },
  { header: 'Status', cell: statusOf },
  { header: 'Opened', cell: (r) => formatDateTime(r.openedAt), cellClassName: 'whitespace-nowrap' },
  { header: 'Clicked', cell: (r) => formatDateTime(r.clickedAt), cellClassName: 'whitespace-nowrap' },
];

/** The message as a recipient sees it, each tracked link followed by its people and clicks. */
function MarkedMessage({ content, links }: { content: string; links: CampaignReport['links'] }) {
  const doc = useMemo(() => markLinkClicks(renderEmailPreview(content), links), [content, links]);
  return (
    <>
      <p className="mb-2 text-sm text-stone-600">Beside each link: the people who clicked it and their clicks.</p>
      <iframe
        title="The message with clicks per link"
        sandbox=""
        srcDoc={doc}
        className="h-[32rem] w-full rounded-lg border border-stone-300 bg-white"
      />
    </>
  );
}

export function CampaignReportSection({ id, sending }: { id: number; sending: boolean }) {
  const { data, error } = useCampaignReport(String(id), sending);
  if (error) return <ErrorAlert>Failed to load the campaign report. Please try again.</ErrorAlert>;
  return (
    <>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Clicks per link">
          {!data ? (
            <p className="text-sm text-stone-600">Loading links…</p>
          ) : data.links.length === 0 ? (
            <p className="text-sm text-stone-600">This message has no tracked links.</p>
          ) : (
            <FiguresTable
              caption="Clicks per link"
              head="Link"
              name={(l) => <span className="break-all">{l.url}</span>}
              columns={[
                { head: 'People', cell: (l) => formatCount(l.uniqueClicks) },
                { head: 'Clicks', cell: (l) => formatCount(l.totalClicks) },
              ]}
              rows={data.links}
              rowKey={(l) => l.idx}
            />
          )}
        </Card>
        <Card title="Opens and clicks over time">
          {!data ? (
            <p className="text-sm text-stone-600">Loading…</p>
          ) : data.timeline.length === 0 ? (
            <p className="text-sm text-stone-600">No opens or clicks yet.</p>
          ) : (
            <>
              <FiguresTable
                caption="Opens and clicks over time"
                head="From"
                name={(p) => (p.unit === 'hour' ? `${formatDateTime(p.at)} (hour)` : `${formatDateTime(p.at)} (day)`)}
                columns={[
                  { head: 'Opens', cell: (p) => formatCount(p.opens) },
                  { head: 'Clicks', cell: (p) => formatCount(p.clicks) },
                ]}
                rows={data.timeline}
                rowKey={(p) => `${p.unit}${p.at}`}
              />
              <p className="mt-2 text-xs text-stone-600">
                By the hour for the first 48 hours after sending, then by the day.
              </p>
            </>
          )}
        </Card>
      </div>
      {data && data.links.length > 0 && (
        <Card title="Clicks on the message" className="mt-6">
          <MarkedMessage content={data.content} links={data.links} />
        </Card>
      )}
      {data && (
        <p className="mt-4 text-sm text-stone-700">
          Came back: {formatCount(data.bounced)} bounced ({formatCount(data.hardBounces)} hard: the address refused for
          good; {formatCount(data.softBounces)} soft: refused for now, retried until given up),{' '}
          {formatCount(data.complaints)} marked as spam, {formatCount(data.unsubscribes)} unsubscribed.
        </p>
      )}
      <Recipients id={id} />
    </>
  );
}

function Recipients({ id }: { id: number }) {
  const [filter, setFilter] = useState<CampaignRecipientFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  // The cursors of the pages before this one: Previous goes back one.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const { data, error, isLoading } = useCampaignRecipients(String(id), filter, q, cursor);
  const restart = () => setCursors([null]);
  const shownFrom = data && data.items.length > 0 ? (cursors.length - 1) * CAMPAIGN_RECIPIENTS_PAGE + 1 : 0;
  return (
    <Card title="Recipients" className="mt-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow basis-64">
          <SearchInput
            label="Search recipients"
            placeholder="Search by email or name"
            value={search}
            onChange={(value) => {
              setSearch(value);
              restart();
            }}
            className={`${controlClass} mt-0`}
          />
        </div>
        <Select
          label="Show"
          value={filter}
          options={CAMPAIGN_RECIPIENT_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          onChange={(f) => {
            setFilter(f);
            restart();
          }}
        />
        <a className={button.secondary} href={campaignRecipientsExportUrl(id, filter, q)} download>
          Export CSV
        </a>
      </div>
      {error ? (
        <ErrorAlert>Failed to load the recipients. Please try again.</ErrorAlert>
      ) : (
        <div className="mt-4">
          <SelectableTable
            label="Recipients"
            caption="Recipients"
            rows={data?.items ?? []}
            columns={RECIPIENT_COLUMNS}
            rowKey={(r) => r.deliveryId}
            empty={isLoading ? 'Loading recipients…' : 'No recipients match.'}
            minWidth="36rem"
            density="compact"
          />
          {data && data.total > 0 && (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
              <p>
                Showing {formatCount(shownFrom)}–{formatCount(shownFrom + data.items.length - 1)} of{' '}
                {formatCount(data.total)}
              </p>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={`${button.secondary} disabled:cursor-not-allowed disabled:opacity-60`}
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={`${button.secondary} disabled:cursor-not-allowed disabled:opacity-60`}
                  disabled={data.next === null}
                  onClick={() => setCursors((c) => [...c, data.next])}
                >
                  Next
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
