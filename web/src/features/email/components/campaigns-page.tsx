/**
 * Campaigns (/marketing/campaigns): the table with a search on name and subject; Create Campaign
 * opens the editor in draft mode; the row menu has Pause (active or scheduled), Resume (paused),
 * and for a draft Schedule (its button stays disabled until a time is chosen) and Send now (its
 * own action, confirmed first). Rates show only for active and completed campaigns.
 */
import { SearchInput } from '../../../components/form/search-input';
import { ErrorAlert } from '../../../components/ui/error-state';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type { Campaign } from '@lp/contracts/email';
import { controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogActions, dialogButton } from '../../../components/ui/dialog';
import { CAMPAIGNS_KEY, pauseCampaign, resumeCampaign, scheduleCampaign, useCampaigns } from '../api/campaigns';
import { DropdownMenu, type MenuItem } from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, siteWallTimeToIso, timeZoneLabel } from '../../../lib/site-time';
import { formatCount } from '../../../lib/format-count';

const pct = (c: Campaign, r: number | null) =>
  (c.status === 'active' || c.status === 'completed') && r !== null ? `${r.toFixed(1)}%` : '—';

const AB_TEST_LABELS: Record<NonNullable<Campaign['abTestStatus']>, string> = {
  testing: 'A/B test',
  a_won: 'A/B test · A won',
  b_won: 'A/B test · B won',
};

const COLUMNS: Column<Campaign>[] = [
  {
    header: 'Name',
    cell: (c) => (
      <>
        <Link to={`/marketing/campaigns/${c.id}`} className="text-lake-800 underline">
          {c.name}
        </Link>
        {c.abTestStatus && (
          <span className="ml-2 whitespace-nowrap rounded-full bg-lake-50 px-2 py-0.5 text-xs font-semibold text-lake-900">
            {AB_TEST_LABELS[c.abTestStatus]}
          </span>
        )}
      </>
    ),
    cellClassName: 'font-medium',
  },
  { header: 'Status', cell: (c) => c.status, cellClassName: 'capitalize' },
  { header: 'Created', cell: (c) => formatDateTime(c.created_at), cellClassName: 'whitespace-nowrap' },
  {
    header: 'Scheduled',
    cell: (c) => formatDateTime(c.scheduled_for),
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
  const [sendingNow, setSendingNow] = useState<Campaign | null>(null);
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
  const actionsOf = (c: Campaign): MenuItem[] => [
    { label: 'View', onSelect: () => navigate(`/marketing/campaigns/${c.id}`) },
    ...(c.status === 'active' || c.status === 'scheduled'
      ? [{ label: 'Pause', onSelect: () => run(() => pauseCampaign(c.id), 'Campaign paused') }]
      : []),
    ...(c.status === 'paused'
      ? [{ label: 'Resume', onSelect: () => run(() => resumeCampaign(c.id), 'Campaign resumed') }]
      : []),
    ...(c.status === 'draft'
      ? [
          {
            label: 'Schedule',
            onSelect: () => {
              setAt('');
              setScheduling(c);
            },
          },
          { label: 'Send now', onSelect: () => setSendingNow(c) },
        ]
      : []),
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
      <SearchInput
        label="Search campaigns"
        placeholder="Search campaigns"
        value={q}
        onChange={setQ}
        className={`${controlClass} mt-4 max-w-sm`}
      />
      {isLoading && <p className="mt-6">Loading campaigns…</p>}
      {error && <ErrorAlert className="mt-6">Failed to load campaigns. Please try again.</ErrorAlert>}
      {data && (
        <div className="mt-6">
          <SelectableTable
            label="Campaigns"
            rows={rows}
            columns={COLUMNS}
            rowKey={(c) => c.id}
            actions={(c) => <DropdownMenu label={`Actions for ${c.name}`} items={actionsOf(c)} />}
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
          <DialogActions
            onCancel={() => setScheduling(null)}
            action={{
              label: 'Schedule',
              disabled: !at,
              onClick: () => {
                const c = scheduling!;
                setScheduling(null);
                void run(() => scheduleCampaign(c.id, siteWallTimeToIso(at)), 'Campaign scheduled');
              },
            }}
          />
        }
      >
        <label htmlFor="schedule-at" className="block text-sm font-medium text-stone-800">
          Send at ({timeZoneLabel()})
        </label>
        <input
          id="schedule-at"
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          aria-describedby="schedule-at-hint"
          className={controlClass}
        />
        <p id="schedule-at-hint" className="mt-1 text-sm text-stone-600">
          Choose the date and time to send. To send at once, use Send now in the campaign’s menu.
        </p>
      </Dialog>
      <ConfirmDialog
        open={sendingNow !== null}
        title="Send Campaign Now"
        message={
          sendingNow
            ? `Send “${sendingNow.name}” now to ${sendingNow.recipients_estimated ? 'about ' : ''}${sendingNow.total_recipients.toLocaleString('en-US')} ${sendingNow.total_recipients === 1 ? 'recipient' : 'recipients'}? This cannot be undone.`
            : undefined
        }
        confirmLabel="Send now"
        onCancel={() => setSendingNow(null)}
        onConfirm={() => {
          const c = sendingNow!;
          setSendingNow(null);
          void run(() => scheduleCampaign(c.id, null), 'Campaign started');
        }}
      />
    </>
  );
}
