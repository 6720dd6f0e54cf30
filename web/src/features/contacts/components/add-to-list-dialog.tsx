/**
 * Add to List: picks a list for the chosen contacts, or for every contact matching the search
 * (spec §5: 'Please select a list', 'Please select at least one contact'); the server adds them
 * in chunks and the dialog shows how many are done; toasts 'Added N contacts to list' or the
 * spec's failure. Each opening starts with no list chosen; each list is named with its number of
 * contacts, read again as the dialog opens.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { FormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/toast/toast-store';
import { countOf } from '../../../lib/format-count';
import { LISTS_KEY, useLists } from '../../../lib/use-lists';
import { applyContactsBulk } from '../api/apply-contacts-bulk';
import type { BulkTarget } from '../lib/bulk-target';
import { useOperationProgress } from '../lib/use-operation-progress';
import { BulkProgress } from './bulk-progress';
import { ListField } from './list-field';

type Props = { target: BulkTarget | null; onClose: () => void; onAdded: () => void };

/** Mounted only while open, so no opening inherits the list or the error of the one before. */
export function AddToListDialog({ target, onClose, onAdded }: Props) {
  return target === null ? null : <AddToListForm target={target} onClose={onClose} onAdded={onAdded} />;
}

function AddToListForm({ target, onClose, onAdded }: Props & { target: BulkTarget }) {
  const { mutate } = useSWRConfig();
  const lists = useLists({ fresh: true });
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { run, progress } = useOperationProgress();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (target.count === 0) return setError('Please select at least one contact');
    if (!listId) return setError('Please select a list');
    setError(null);
    setBusy(true);
    try {
      const result = await run((id) =>
        applyContactsBulk({ action: 'add_to_list', listId: Number(listId), selection: target.selection }, id),
      );
      toast({ title: `Added ${countOf(result.matched, 'contact')} to list` });
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
    <FormDialog
      onClose={onClose}
      title="Add to List"
      description={`${countOf(target.count, 'contact')} selected`}
      formId="add-to-list-form"
      onSubmit={onSubmit}
      submitLabel="Add to List"
      pending={busy}
    >
      <ListField id="add-to-list-list" lists={lists.data} value={listId} onChange={setListId} error={error} />
      {busy && <BulkProgress status="Adding contacts to the list…" progress={progress} />}
    </FormDialog>
  );
}
