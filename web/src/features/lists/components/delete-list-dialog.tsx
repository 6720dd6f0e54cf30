/** Confirms deleting a list ('List deleted successfully' / 'Failed to delete list' 'Please try again.'). */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ContactList } from '@lp/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { deleteList } from '../api/delete-list';
import { LISTS_KEY } from '../../../lib/use-lists';

export function DeleteListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const onDelete = async () => {
    if (!list) return;
    setBusy(true);
    try {
      await deleteList(list.id);
      toast({ title: 'List deleted successfully' });
      await Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
      onClose();
    } catch {
      toast({ title: 'Failed to delete list', description: 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={list !== null}
      title="Delete List"
      message={
        list
          ? `Delete "${list.name}"? Its ${list.contact_count.toLocaleString('en-US')} contacts stay in your contacts.`
          : undefined
      }
      confirmLabel="Delete"
      onConfirm={() => void onDelete()}
      onCancel={onClose}
      busy={busy}
    />
  );
}
