/**
 * Campaigns (/marketing/campaigns): the table with a search on name and subject; Create Campaign
 * opens the editor in draft mode; the row menu has Pause (active or scheduled), Resume (paused)
 * and Schedule (draft, at a chosen time). Rates show only for active and completed campaigns.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { Campaign } from '@lp/contracts/email';
import { controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { CAMPAIGNS_KEY, pauseCampaign, resumeCampaign, scheduleCampaign, useCampaigns } from '../api/campaigns';
import { RowMenu, type RowAction } from './row-menu';
import { errorMessage } from '../../../lib/error-message';
import { formatCount } from '../../../lib/format-count';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const pct = (c: Campaign, r: number | null) =>
  (c.status === 'active' || c.status === 'completed') && r !== null ? `${r.toFixed(1)}%` : '—';

const COLUMNS: Column<Campaign>[] = [
  {
    header: 'Name',
    cell: (c) => (
      <Link to={`/marketing/campaigns/${c.id}`} className="text-lake-800 underline">
        {c.name}
      </Link>
    ),
    cellClassName: 'font-medium',
  },
  { header: 'Status', cell: (c) => c.status, cellClassName: 'capitalize' },
  { header: 'Created', cell: (c) => date.format(new Date(c.created_at)), cellClassName: 'whitespace-nowrap' },
  {
    header: 'Scheduled',
    cell: (c) => (c.scheduled_for ? date.format(new Date(c.scheduled_for)) : '—'),
    cellClassName: 'whitespace-nowrap',
  },
  {
    header: 'Sent',
    cell: (c) =>
      c.recipients_estimated ? (
        <span title="Mailable contacts counted when the campaign was scheduled; the exact number is fixed when sending starts">
          {formatCount(c.sent_count)} / ≈{formatCount(c.total_recipients)}{' '}
          <span className="text-stone-600">expected</span>
        </span>
      ) : (
        <>
          {formatCount(c.sent_count)} / {formatCount(c.total_recipients)}
        </>
      ),
    cellClassName: 'whitespace-nowrap',
  },
  { header: 'Open rate', cell: (c) => pct(c, c.open_rate) },
  { header: 'Click rate', cell: (c) => pct(c, c.click_rate) },
];

export function CampaignsPage() {
  const { data, error, isLoading } = useCampaigns();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [scheduling, setScheduling] = useState<Campaign | null>(null);
  const [at, setAt] = useState('');
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    try {
      await fn();
      await mutate(CAMPAIGNS_KEY);
      toast({ title: ok });
    } catch (err) {
      toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const needle = q.trim().toLowerCase();
  const rows = (data ?? []).filter(
    (c) => !needle || c.name.toLowerCase().includes(needle) || c.subject.toLowerCase().includes(needle),
  );
  const actionsOf = (c: Campaign): RowAction[] => [
    { label: 'View', onSelect: () => navigate(`/marketing/campaigns/${c.id}`) },
    ...(c.status === 'active' || c.status === 'scheduled'
      ? [{ label: 'Pause', onSelect: () => run(() => pauseCampaign(c.id), 'Campaign paused') }]
      : []),
    ...(c.status === 'paused'
      ? [{ label: 'Resume', onSelect: () => run(() => resumeCampaign(c.id), 'Campaign resumed') }]
      : []),
    ...(c.status === 'draft' ? [{ label: 'Schedule', onSelect: () => setScheduling(c) }] : []),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Campaigns</h1>
        <button
          type="button"
          className={dialogButton.primary}
          onClick={() => navigate('/marketing/send-email?draft=1')}
        >
          Create Campaign
        </button>
      </div>
      <label htmlFor="campaign-search" className="sr-only">
        Search campaigns
      </label>
      <input
        id="campaign-search"
        type="search"
        placeholder="Search campaigns"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className={`${controlClass} mt-4 max-w-sm`}
      />
      {isLoading && <p className="mt-6">Loading campaigns…</p>}
      {error && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
          Failed to load campaigns. Please try again.
        </p>
      )}
      {data && (
        <div className="mt-6">
          <SelectableTable
            label="Campaigns"
            rows={rows}
            columns={COLUMNS}
            rowKey={(c) => c.id}
            actions={(c) => <RowMenu label={`Actions for ${c.name}`} actions={actionsOf(c)} />}
            empty={data.length === 0 ? 'No campaigns yet' : 'No campaigns match your search'}
            density="comfortable"
            minWidth="52rem"
          />
        </div>
      )}
      <Dialog
        open={scheduling !== null}
        title="Schedule Campaign"
        onClose={() => setScheduling(null)}
        footer={
          <>
            <button type="button" className={dialogButton.cancel} onClick={() => setScheduling(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={dialogButton.primary}
              onClick={() => {
                const c = scheduling!;
                setScheduling(null);
                void run(
                  () => scheduleCampaign(c.id, at ? new Date(at).toISOString() : null),
                  at ? 'Campaign scheduled' : 'Campaign started',
                );
              }}
            >
              {at ? 'Schedule' : 'Send now'}
            </button>
          </>
        }
      >
        <label htmlFor="schedule-at" className="block text-sm font-medium text-stone-800">
          Send at
        </label>
        <input
          id="schedule-at"
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          className={controlClass}
        />
      </Dialog>
    </>
  );
}
