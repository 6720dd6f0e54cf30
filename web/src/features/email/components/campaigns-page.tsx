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
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { CAMPAIGNS_KEY, pauseCampaign, resumeCampaign, scheduleCampaign, useCampaigns } from '../api/campaigns';
import { RowMenu, type RowAction } from './row-menu';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const pct = (c: Campaign, r: number | null) =>
  (c.status === 'active' || c.status === 'completed') && r !== null ? `${r.toFixed(1)}%` : '—';

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
      toast({ title: 'Action failed', description: (err as Error).message, variant: 'destructive' });
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
        <div className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                {['Name', 'Status', 'Created', 'Scheduled', 'Sent', 'Open rate', 'Click rate', ''].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold">
                    {h || <span className="sr-only">Actions</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} className="border-b border-stone-100 last:border-0">
                  <td className="px-4 py-3 font-medium">
                    <Link to={`/marketing/campaigns/${c.id}`} className="text-lake-800 underline">
                      {c.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3 capitalize">{c.status}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{date.format(new Date(c.created_at))}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {c.scheduled_for ? date.format(new Date(c.scheduled_for)) : '—'}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {c.recipients_estimated ? (
                      <span title="Mailable contacts counted when the campaign was scheduled; the exact number is fixed when sending starts">
                        {c.sent_count} / ≈{c.total_recipients.toLocaleString('en-US')}{' '}
                        <span className="text-stone-600">expected</span>
                      </span>
                    ) : (
                      <>
                        {c.sent_count} / {c.total_recipients.toLocaleString('en-US')}
                      </>
                    )}
                  </td>
                  <td className="px-4 py-3">{pct(c, c.open_rate)}</td>
                  <td className="px-4 py-3">{pct(c, c.click_rate)}</td>
                  <td className="px-4 py-3 text-right">
                    <RowMenu label={`Actions for ${c.name}`} actions={actionsOf(c)} />
                  </td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={8} className="px-4 py-6 text-center text-stone-600">
                    {data.length === 0 ? 'No campaigns yet' : 'No campaigns match your search'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
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
