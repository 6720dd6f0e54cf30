/**
 * View History: the contact's form submissions, list joins, the mail sent to it (campaign, subject,
 * delivery status, opens, clicked links) and the mail it wrote to the inbox, newest first. A long
 * history shows its newest part and says from when; without the mailer, the rest and a notice.
 * "Log a call" records a call with the contact now (with an optional note); it shows here and
 * counts as the first response to the contact's leads.
 */
import { useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { Contact, ContactHistoryItem, RecipientMailStatus } from '@lp/contracts';
import { controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/error-message';
import { logContactCall } from '../api/log-contact-call';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useContactHistory } from '../api/get-contact-history';
import { formatDateTime } from '../../../lib/site-time';

/** What became of a message sent to the contact, in words. */
const DELIVERY_STATUS_LABELS: Record<RecipientMailStatus, string> = {
  pending: 'waiting to be sent',
  claimed: 'being sent',
  sending: 'being sent',
  sent: 'delivered to the mail server',
  failed: 'not delivered',
  unknown: 'delivery unknown',
  outbox: 'kept in the outbox (no mail server set)',
  bounced: 'bounced',
  complained: 'marked as spam',
};

function describe(item: ContactHistoryItem): { title: string; detail?: string; campaign?: string } {
  switch (item.type) {
    case 'form_submission':
      return {
        title: `Submitted the ${item.source} form`,
        detail: [item.interest, item.message].filter(Boolean).join(' — ') || undefined,
      };
    case 'list_joined':
      return { title: `Added to the list ${item.listName}` };
    case 'email_sent':
      return {
        title: `Sent “${item.subject}”`,
        detail: `Campaign ${item.campaignName} — ${DELIVERY_STATUS_LABELS[item.status]}`,
      };
    case 'email_opened':
      return {
        title: `Opened “${item.subject}”`,
        detail: item.proxy
          ? `Campaign ${item.campaignName} — a machine open (a mail privacy proxy or a prefetch on delivery), perhaps not read`
          : `Campaign ${item.campaignName}`,
      };
    case 'email_clicked':
      return item.scanner
        ? {
            title: `A link scanner followed a link in “${item.subject}”`,
            detail: `${item.url} — not counted as a click`,
            campaign: item.campaignName,
          }
        : { title: `Clicked a link in “${item.subject}”`, detail: item.url, campaign: item.campaignName };
    case 'call_logged':
      return { title: `Call logged by ${item.loggedBy}`, detail: item.note || undefined };
    case 'email_received':
      return { title: `Wrote to the inbox: ${item.subject || '(no subject)'}`, detail: item.snippet || undefined };
  }
}

function LogCallForm({ contact, onLogged }: { contact: Contact; onLogged: () => Promise<unknown> }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await logContactCall(contact.id, note);
      setNote('');
      toast({ title: 'Call logged', description: contact.email });
      // The lead's first response may have changed.
      await Promise.all([
        onLogged(),
        mutate('/api/marketing/submissions'),
        mutate('/api/marketing/submissions/response-times'),
      ]);
    } catch (err) {
      toast({ title: 'Failed to log the call', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="mb-3 flex flex-wrap items-end gap-2 border-b border-stone-200 pb-3">
      <label className="min-w-56 flex-1 text-sm font-medium text-stone-800">
        Call note (optional)
        <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} className={controlClass} />
      </label>
      <button type="submit" disabled={busy} className={dialogButton.cancel}>
        Log a call
      </button>
    </form>
  );
}

export function ContactHistoryDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const history = useContactHistory(contact?.id ?? null);
  return (
    <Dialog
      open={contact !== null}
      onClose={onClose}
      wide
      title="Contact History"
      description={
        contact
          ? `${contact.email} — added ${formatDateTime(contact.createdAt)} (${contact.source.replace('_', ' ')})`
          : undefined
      }
      footer={
        <button type="button" className={dialogButton.cancel} onClick={onClose}>
          Close
        </button>
      }
    >
      {contact && <LogCallForm contact={contact} onLogged={() => history.mutate()} />}
      {history.isLoading && <Spinner label="Loading history…" />}
      {history.error && (
        <ErrorState message="Failed to load the history. Please try again." onRetry={() => history.mutate()} />
      )}
      {history.data?.mailUnavailable && (
        <ErrorState
          message="The e-mail to and from this contact could not be loaded right now; the rest of its history is shown."
          onRetry={() => history.mutate()}
        />
      )}
      {history.data && history.data.items.length === 0 && !history.data.mailUnavailable && (
        <EmptyState title="No activity yet" />
      )}
      {history.data && history.data.items.length > 0 && (
        <ol className="max-h-[60vh] divide-y divide-stone-100 overflow-y-auto">
          {history.data.items.map((item, i) => {
            const d = describe(item);
            return (
              <li key={`${item.type}-${item.at}-${i}`} className="py-2">
                <p className="font-medium text-stone-900">{d.title}</p>
                {d.detail && <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{d.detail}</p>}
                {d.campaign && <p className="text-sm text-stone-700">Campaign {d.campaign}</p>}
                <p className="text-xs text-stone-600">
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {history.data?.shownSince && history.data.items.length > 0 && (
        <p className="border-t border-stone-200 pt-2 text-sm text-stone-600">
          Showing the activity since{' '}
          <time dateTime={history.data.shownSince}>{formatDateTime(history.data.shownSince)}</time>; older activity is
          not listed here.
        </p>
      )}
    </Dialog>
  );
}
