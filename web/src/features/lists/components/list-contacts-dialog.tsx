/**
 * A list's contacts, each with Remove, which asks first ('Contact removed from list' / 'Failed to
 * remove contact from list'): pages of 100 with "Load more" and the list's total, so a list of any
 * size is viewed.
 */
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ContactList } from '@lp/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/toast/toast-store';
import { Spinner } from '../../../components/ui/spinner';
import { button } from '../../../components/ui/styles';
import { LISTS_KEY } from '../../../lib/use-lists';
import { removeListMember, useListMembers } from '../api/list-members';

export function ListContactsDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const members = useListMembers(list?.id ?? null);
  const contacts = (members.data ?? []).flatMap((p) => p.contacts);
  const total = members.data?.[0]?.total ?? 0;
  const next = members.data?.[members.data.length - 1]?.next ?? null;
  const [removing, setRemoving] = useState<{ id: number; email: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (members.error) toast({ title: 'Failed to fetch contacts for this list', variant: 'destructive' });
  }, [members.error]);

  const onRemove = async (contactId: number) => {
    if (!list) return;
    setBusy(true);
    try {
      await removeListMember(list.id, contactId);
      toast({ title: 'Contact removed from list' });
      await Promise.all([members.mutate(), mutate(LISTS_KEY)]);
    } catch {
      toast({ title: 'Failed to remove contact from list', variant: 'destructive' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <Dialog
      open={list !== null}
      onClose={onClose}
      wide
      title={list ? `Contacts in ${list.name}` : 'Contacts'}
      footer={
        <button type="button" className={dialogButton.cancel} onClick={onClose}>
          Close
        </button>
      }
    >
      {members.isLoading && <Spinner label="Loading contacts…" />}
      {members.data && contacts.length === 0 && <EmptyState title="No contacts in this list" />}
      {contacts.length > 0 && (
        <p className="text-sm text-stone-600" aria-live="polite">
          {`Showing ${contacts.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} contacts`}
        </p>
      )}
      {contacts.length > 0 && (
        // The list scrolls, and a scroll box clips sideways too: the inner padding keeps the Remove
        // buttons' outline inside it (the negative margin keeps the rows in line with the text above).
        <ul className="-mx-1 mt-2 max-h-[60vh] divide-y divide-stone-100 overflow-y-auto px-1">
          {contacts.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">
                  {[c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}
                </p>
                <p className="truncate text-sm text-stone-600" title={c.email}>
                  {c.email}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setRemoving({ id: c.id, email: c.email })}
                aria-label={`Remove ${c.email} from the list`}
                className="min-h-10 shrink-0 rounded-md px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <div className="mt-4 text-center">
          <button
            type="button"
            className={button.secondary}
            onClick={() => members.setSize(members.size + 1)}
            disabled={members.isValidating}
          >
            {members.isValidating ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Contact from List"
        message={
          removing && list ? `Remove ${removing.email} from “${list.name}”? The contact itself is kept.` : undefined
        }
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void onRemove(removing.id)}
      />
    </Dialog>
  );
}
