/**
 * The bulk actions besides Add to List, on the chosen contacts or all matching the search:
 * Remove from List (pick the list), Change Status (pick the status; unsubscribed and bounced
 * contacts are never made subscribed) and Delete (confirmed with the count: "Delete 50,000
 * contacts?"). The server works in chunks and the dialog shows how many are done.
 */
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { CONTACT_STATUSES, type ContactStatus, type ContactsBulkResult } from '@lp/contracts';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { countOf, formatCount } from '../../../lib/format-count';
import { LISTS_KEY, useLists } from '../../../lib/use-lists';
import { applyContactsBulk } from '../api/apply-contacts-bulk';
import type { BulkTarget } from '../lib/bulk-target';
import { useOperationProgress } from '../lib/use-operation-progress';
import { BulkProgress } from './bulk-progress';
import { ListField } from './list-field';

export type BulkKind = 'remove_from_list' | 'set_status' | 'delete';

const COPY = {
  remove_from_list: {
    title: 'Remove from List',
    working: 'Removing contacts from the list…',
    failed: 'remove contacts from list',
  },
  set_status: { title: 'Change Status', working: 'Changing the status…', failed: 'change the status of contacts' },
  delete: { title: 'Delete Contacts', working: 'Deleting contacts…', failed: 'delete contacts' },
} as const;

const statusLabel = (s: ContactStatus) => s[0]!.toUpperCase() + s.slice(1);

function doneMessage(kind: BulkKind, r: ContactsBulkResult): string {
  if (kind === 'remove_from_list') return `Removed ${countOf(r.changed, 'contact')} from list`;
  if (kind === 'delete') return `Deleted ${countOf(r.changed, 'contact')}`;
  const kept = r.kept ? ` (${formatCount(r.kept)} unsubscribed or bounced kept their status)` : '';
  return `Changed the status of ${countOf(r.changed, 'contact')}${kept}`;
}

type Props = { kind: BulkKind | null; target: BulkTarget | null; onClose: () => void; onDone: () => void };

export function BulkActionDialog({ kind, target, onClose, onDone }: Props) {
  const { mutate } = useSWRConfig();
  const lists = useLists();
  const [listId, setListId] = useState('');
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { run, progress } = useOperationProgress();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const count = target?.count ?? 0;
  const copy = COPY[kind ?? 'delete'];

  const close = () => {
    setListId('');
    setStatus('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!kind || !target || count === 0) return setError('Please select at least one contact');
    if (kind === 'remove_from_list' && !listId) return setError('Please select a list');
    if (kind === 'set_status' && !status) return setError('Please choose a status');
    setError(null);
    setBusy(true);
    try {
      const { selection } = target;
      const bulk =
        kind === 'remove_from_list'
          ? { action: kind, listId: Number(listId), selection }
          : kind === 'set_status'
            ? { action: kind, status: status as ContactStatus, selection }
            : { action: kind, selection };
      const result = await run((id) => applyContactsBulk(bulk, id));
      toast({ title: doneMessage(kind, result) });
      await mutate(LISTS_KEY);
      onDone();
      close();
    } catch {
      toast({ title: `Failed to ${copy.failed}. Please try again.`, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const question =
    kind === 'delete'
      ? `Delete ${countOf(count, 'contact')}? They are removed from every list; their form submissions stay. This cannot be undone.`
      : `${countOf(count, 'contact')} selected`;

  return (
    <Dialog
      open={kind !== null && target !== null}
      onClose={close}
      title={copy.title}
      description={question}
      initialFocus={kind === 'delete' ? cancelRef : undefined}
      footer={
        <DialogActions
          onCancel={close}
          cancelRef={cancelRef}
          action={{
            label: kind === 'delete' ? `Delete ${countOf(count, 'contact')}` : copy.title,
            onClick: () => void submit(),
            disabled: busy,
            danger: kind === 'delete',
          }}
        />
      }
    >
      {/* A delete asks its question in the description: its body shows only an error or the progress. */}
      {kind !== 'delete' || busy || error ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="grid gap-4"
        >
          {kind === 'remove_from_list' && (
            <ListField id="bulk-list" lists={lists.data} value={listId} onChange={setListId} error={error} />
          )}
          {kind === 'set_status' && (
            <FormField
              id="bulk-status"
              label="New status"
              hint="Unsubscribed and bounced contacts keep their status when you choose Subscribed."
              hintBelow
              error={error ?? undefined}
            >
              {(p) => (
                <select
                  {...p}
                  className={controlClass}
                  value={status}
                  onChange={(e) => setStatus(e.target.value as ContactStatus | '')}
                >
                  <option value="">Choose a status</option>
                  {CONTACT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {kind === 'delete' && error && <p className="text-sm text-red-700">{error}</p>}
          {busy && <BulkProgress status={copy.working} progress={progress} />}
        </form>
      ) : null}
    </Dialog>
  );
}
