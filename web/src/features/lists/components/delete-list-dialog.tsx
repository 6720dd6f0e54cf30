/** Confirms deleting a list ('List deleted successfully' / 'Failed to delete list' 'Please try again.'). */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ContactList } from '@lp/contracts';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { toast } from '../../../components/toast/toast-store';
import { deleteList } from '../api/delete-list';
import { LISTS_KEY } from '../api/list-lists';

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
    <Dialog
      open={list !== null}
      onClose={onClose}
      title="Delete List"
      description={
        list ? `Delete "${list.name}"? Its ${list.contact_count} contacts stay in your contacts.` : undefined
      }
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={dialogButton.danger} onClick={onDelete} disabled={busy}>
            Delete
          </button>
        </>
      }
    />
  );
}
