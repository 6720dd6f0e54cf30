/**
 * One campaign (/marketing/campaigns/{id}): progress while it sends (refreshed), opens, clicks and
 * failures, the report (clicks per link, opens and clicks over time, recipients); why sending paused when the sender paused it (the mail relay away); when a crash left messages of unknown fate, staff may send those again after being
 * told that a recipient may then get two.
 */
import { ErrorAlert } from '../../../components/ui/error-state';
import { useState } from 'react';
import { Dialog, DialogActions, dialogButton } from '../../../components/ui/dialog';
import { toast } from '../../../components/toast/toast-store';
import { resendUnknown, useCampaign } from '../api/campaigns';
import { AbTestPanel } from './ab-test-panel';
import { CampaignReportSection } from './campaign-report';
import { FollowUpDialog } from './follow-up-dialog';
import { Link } from 'react-router-dom';
import { button, textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/error-message';
import { countOf, formatCount } from '../../../lib/format-count';

function ResendUnknown({ id, count, onDone }: { id: number; count: number; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await resendUnknown(id);
      toast({ title: `Sending again to ${countOf(count, 'recipient')}` });
      setOpen(false);
      onDone();
    } catch (err) {
      toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mt-6 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <h2 className="font-semibold text-amber-950">Unknown after a crash</h2>
      <p className="mt-1 text-sm text-amber-950">
        The sender stopped while {formatCount(count)} message{count === 1 ? ' was' : 's were'} being handed to the mail
        server. They were not sent again on their own: some may have arrived.
      </p>
      <button type="button" onClick={() => setOpen(true)} className={`mt-3 ${dialogButton.primary}`}>
        Send again…
      </button>
      <Dialog
        open={open}
        title="Send again?"
        description={`${countOf(count, 'recipient')} may already have this message; sending again may give them a second copy.`}
        onClose={() => setOpen(false)}
        footer={
          <DialogActions
            onCancel={() => setOpen(false)}
            action={{ label: busy ? 'Sending...' : 'Send again', onClick: () => void confirm(), disabled: busy }}
          />
        }
      />
    </section>
  );
}

/** ` (12.5% of delivered)`, or nothing before anything is delivered. */
const rateOf = (n: number, delivered: number): string =>
  delivered > 0 ? ` (${(Math.round((n / delivered) * 1000) / 10).toFixed(1)}% of delivered)` : '';

export function CampaignPage({ id }: { id: string }) {
  const { data, error, mutate } = useCampaign(id);
  const [followUp, setFollowUp] = useState(false);
  if (error) return <ErrorAlert>Failed to load campaigns. Please try again.</ErrorAlert>;
  if (!data) return <p>Loading campaign…</p>;
  const c = data.deliveries;
  const d = { pending: 0, claimed: 0, sending: 0, sent: 0, failed: 0, unknown: 0, outbox: 0, ...c };
  const done = d.sent + d.failed + d.unknown + d.outbox;
  const total = Math.max(data.total_recipients, 1);
  const stats: [string, string | number][] = [
    ['Status', data.status.charAt(0).toUpperCase() + data.status.slice(1)],
    [
      'Sent',
      data.recipients_estimated
        ? `${formatCount(d.sent)} of ≈${formatCount(data.total_recipients)} expected (counted when scheduled)`
        : `${formatCount(d.sent)} of ${formatCount(data.total_recipients)}`,
    ],
    ['Waiting', d.pending + d.claimed + d.sending],
    ['Failed', d.failed],
    ['Not delivered (no SMTP configured)', d.outbox],
    ['Unknown after a crash', d.unknown],
    ['Delivered (sent less bounced)', formatCount(data.delivered)],
    ['Unique opens', `${formatCount(data.uniqueOpens)}${rateOf(data.uniqueOpens, data.delivered)}`],
    ['Total opens', formatCount(data.totalOpens)],
    ['Machine opens (not counted)', formatCount(data.proxyOpens)],
    ['Unique clicks', `${formatCount(data.uniqueClicks)}${rateOf(data.uniqueClicks, data.delivered)}`],
    ['Total clicks', formatCount(data.totalClicks)],
    ['Link scanner clicks (not counted)', formatCount(data.scannerClicks)],
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">{data.name}</h1>
      <p className="mt-1 text-stone-600">{data.subject}</p>
      {data.followUpOf && (
        <p className="mt-1 text-sm text-stone-700">
          A follow-up of{' '}
          <Link className={textLink} to={`/marketing/campaigns/${data.followUpOf.id}`}>
            {data.followUpOf.name}
          </Link>{' '}
          to those who did not {data.followUpOf.who === 'not_opened' ? 'open' : 'click'} it.
        </p>
      )}
      {data.status === 'completed' && (
        <div className="mt-4">
          <button type="button" className={button.secondary} onClick={() => setFollowUp(true)}>
            Send to those who did not open…
          </button>
        </div>
      )}
      {followUp && <FollowUpDialog id={data.id} subject={data.subject} onClose={() => setFollowUp(false)} />}
      <div className="mt-6" aria-label="Progress">
        <progress className="h-3 w-full" max={total} value={done} aria-label="Messages processed" />
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        {stats.map(([k, v]) => (
          <div key={k} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{k}</dt>
            <dd className="mt-1 text-lg font-semibold text-stone-900">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-600">
        Opens and clicks count people: machine opens (Apple Mail Privacy Protection and other proxies that fetch images
        on delivery) and clicks by link scanners (security gateways that follow every link) are counted apart. Rates are
        of delivered messages.
      </p>
      {data.status === 'paused' && data.pausedReason && (
        <p role="status" className="mt-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
          <span className="font-semibold">Sending paused.</span> {data.pausedReason}.
        </p>
      )}
      {data.abTest && <AbTestPanel id={data.id} test={data.abTest} onPicked={() => void mutate()} />}
      {d.unknown > 0 && <ResendUnknown id={data.id} count={d.unknown} onDone={() => void mutate()} />}
      {data.failures.length > 0 && (
        <section className="mt-6">
          <h2 className="font-semibold text-stone-900">Not delivered</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {data.failures.map((f) => (
              <li key={f.email}>
                <span className="font-medium">{f.email}</span>: {f.error}
              </li>
            ))}
          </ul>
        </section>
      )}
      <CampaignReportSection id={data.id} sending={data.status === 'active'} />
    </>
  );
}
