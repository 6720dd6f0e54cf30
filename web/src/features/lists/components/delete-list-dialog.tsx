/** Confirms deleting a list ('List deleted successfully' / 'Failed to delete list' 'Please try again.'). */
import { useSWRConfig } from 'swr';
import type { ContactList } from '@lp/contracts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { LISTS_KEY } from '../../../lib/use-lists';
import { deleteList } from '../api/delete-list';

export function DeleteListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  return (
    <ConfirmActionDialog
      open={list !== null}
      title="Delete List"
      message={
        list
          ? `Delete "${list.name}"? Its ${list.contact_count.toLocaleString('en-US')} contacts stay in your contacts.`
          : undefined
      }
      confirmLabel="Delete"
      onClose={onClose}
      action={async () => list && (await deleteList(list.id))}
      done={{ title: 'List deleted successfully' }}
      afterDone={() => Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')])}
      failed={{ title: 'Failed to delete list', description: 'Please try again.' }}
    />
  );
}
