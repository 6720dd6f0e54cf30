/**
 * Create and edit a list (spec §5: name required 'List name is required', description optional),
 * with the spec's toasts: 'List created' / 'List updated', or 'Failed to … list' 'Please try again.'.
 * Each opening starts afresh: Create with an empty form, Edit with the list as stored now (read
 * when the dialog opens) and its version, which the save sends: a list changed since is refused
 * (409), the message shown and what was typed kept. A name another list has, in any letter case,
 * is shown on the name field.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { ListFormSchema, type ContactList, type ListFormInput } from '@lp/contracts';
import { FormDialog, RecordFormDialog } from '../../../components/ui/form-dialog';
import { FormField, controlClass } from '../../../components/form/form-field';
import { StaleCopyAlert } from '../../../components/ui/stale-copy-alert';
import { toast } from '../../../components/toast/toast-store';
import { useRecordForm } from '../../../components/form/use-record-form';
import { listUrl } from '../api/get-list';
import { createList, updateList } from '../api/save-list';
import { LISTS_KEY } from '../../../lib/use-lists';

type Props = { open: boolean; listId?: number; onClose: () => void };

export function ListFormDialog({ open, listId, onClose }: Props) {
  return (
    <RecordFormDialog<ContactList>
      open={open}
      url={listId === undefined ? undefined : listUrl(listId)}
      title="Edit List"
      loadingLabel="Loading list…"
      failedMessage="The list could not be loaded. Please try again."
      onClose={onClose}
      form={(list, onLoadStored) => <ListForm list={list} onClose={onClose} onLoadStored={onLoadStored} />}
    />
  );
}

function ListForm({
  list,
  onClose,
  onLoadStored,
}: {
  list?: ContactList;
  onClose: () => void;
  onLoadStored?: () => void;
}) {
  const { mutate } = useSWRConfig();
  const editing = list !== undefined;
  const { form, onSubmit, stale } = useRecordForm<ListFormInput>({
    resolver: valibotResolver(ListFormSchema),
    defaultValues: { name: list?.name ?? '', description: list?.description ?? '' },
    uniqueField: 'name',
    save: async (values) => {
      if (list) await updateList(list.id, { ...values, version: list.version });
      else await createList(values);
      toast({ title: editing ? 'List updated' : 'List created' });
      await Promise.all([mutate(LISTS_KEY), mutate('/api/marketing/stats')]);
      onClose();
    },
    failed: { title: editing ? 'Failed to update list' : 'Failed to create list', description: 'Please try again.' },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <FormDialog
      onClose={onClose}
      title={editing ? 'Edit List' : 'Create List'}
      formId="list-form"
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save Changes' : 'Create List'}
      pending={isSubmitting}
      notice={stale && onLoadStored && <StaleCopyAlert message={stale} onLoadStored={onLoadStored} />}
    >
      <FormField id="list-name" label="List name" required error={errors.name?.message}>
        {(p) => <input {...p} className={controlClass} {...register('name')} />}
      </FormField>
      <FormField id="list-description" label="Description" error={errors.description?.message}>
        {(p) => <textarea {...p} rows={3} className={controlClass} {...register('description')} />}
      </FormField>
    </FormDialog>
  );
}
