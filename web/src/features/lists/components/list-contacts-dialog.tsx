/** A list's contacts, each with Remove ('Contact removed from list' / 'Failed to remove contact from list'). */
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { ContactList } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { toast } from '../../../components/toast/toast-store';
import { Spinner } from '../../../components/ui/spinner';
import { LISTS_KEY } from '../api/list-lists';
import { removeListMember, useListMembers } from '../api/list-members';

export function ListContactsDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const members = useListMembers(list?.id ?? null);
  useEffect(() => {
    if (members.error) toast({ title: 'Failed to fetch contacts for this list', variant: 'destructive' });
  }, [members.error]);

  const onRemove = async (contactId: number) => {
    if (!list) return;
    try {
      await removeListMember(list.id, contactId);
      toast({ title: 'Contact removed from list' });
      await Promise.all([members.mutate(), mutate(LISTS_KEY)]);
    } catch {
      toast({ title: 'Failed to remove contact from list', variant: 'destructive' });
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
      {members.data && members.data.length === 0 && <EmptyState title="No contacts in this list" />}
      {members.data && members.data.length > 0 && (
        <ul className="max-h-[60vh] divide-y divide-stone-100 overflow-y-auto">
          {members.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">
                  {[c.firstName, c.lastName].filter(Boolean).join(' ') || '—'}
                </p>
                <p className="truncate text-sm text-stone-600">{c.email}</p>
              </div>
              <button
                type="button"
                onClick={() => onRemove(c.id)}
                aria-label={`Remove ${c.email} from the list`}
                className="min-h-10 shrink-0 rounded-md px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
