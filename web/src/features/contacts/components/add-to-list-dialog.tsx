/**
 * Add to List: picks a list for the chosen contacts (spec §5: 'Please select a list', 'Please
 * select at least one contact'); toasts 'Added N contacts to list' or the spec's failure. Each
 * opening starts with no list chosen; each list is named with its number of contacts.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Dialog, dialogButton } from '../../../components/ui/dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { LISTS_KEY, listOptionLabel, useLists } from '../../lists';
import { addContactsToList } from '../api/add-contacts-to-list';

type Props = { contactIds: number[] | null; onClose: () => void; onAdded: () => void };

/** Mounted only while open, so no opening inherits the list or the error of the one before. */
export function AddToListDialog({ contactIds, onClose, onAdded }: Props) {
  return contactIds === null ? null : <AddToListForm contactIds={contactIds} onClose={onClose} onAdded={onAdded} />;
}

function AddToListForm({ contactIds, onClose, onAdded }: Props & { contactIds: number[] }) {
  const { mutate } = useSWRConfig();
  const lists = useLists({ fresh: true });
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (contactIds.length === 0) return setError('Please select at least one contact');
    if (!listId) return setError('Please select a list');
    setError(null);
    setBusy(true);
    try {
      const { results } = await addContactsToList(Number(listId), contactIds);
      toast({ title: `Added ${results.success} contacts to list` });
      await mutate(LISTS_KEY);
      onAdded();
      onClose();
    } catch {
      toast({ title: 'Failed to add contacts to list. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add to List"
      description={`${contactIds.length.toLocaleString('en-US')} contact${contactIds.length === 1 ? '' : 's'} selected`}
      footer={
        <>
          <button type="button" className={dialogButton.cancel} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="add-to-list-form" className={dialogButton.primary} disabled={busy}>
            Add to List
          </button>
        </>
      }
    >
      <form id="add-to-list-form" noValidate onSubmit={onSubmit}>
        <FormField id="add-to-list-list" label="List" error={error ?? undefined}>
          {(p) => (
            <select {...p} className={controlClass} value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">Select a list</option>
              {(lists.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {listOptionLabel(l.name, l.contact_count)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
